// SPDX-License-Identifier: MIT
// What an element's markup says about its role, as bits: the cues seed 003
// and the boilerplate literature use (class and id tokens such as "nav",
// "comment", "share", "related"; HTML5 sectioning elements; ARIA roles;
// itemprop="articleBody"). Each element's bits are computed once from its
// tag and attributes; a token carries the union over its open ancestors.
//
// Matching is on lower-cased words of the attribute values (split at
// anything but letters and digits, camelCase split too), against a fixed
// vocabulary of general terms: no site-specific names, so it carries to
// unseen pages. A word that is no term may be one numbered ("menu2") or
// two run together ("storybody", "mainnav"): it carries their cues. An
// element with a class (the text between spaces) or id that names only the
// main content takes no boilerplate cue from its other words, as
// Readability.js keeps an element whose class or id also says article,
// body, content or main.
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/event.h"
#include "engine/tag.h"

namespace winnow {

enum Semantic : std::uint32_t {
  kSemNavigation = 1u << 0,  // nav, menu, breadcrumb, pagination, role=navigation
  kSemFooter = 1u << 1,      // footer, copyright, role=contentinfo
  kSemHeader = 1u << 2,      // header, masthead, topbar, role=banner
  kSemSidebar = 1u << 3,     // aside, sidebar, widget, rail, role=complementary
  kSemComment = 1u << 4,     // comment, reply, discussion
  kSemShare = 1u << 5,       // share, social, facebook, twitter
  kSemRelated = 1u << 6,     // related, recommended, popular, trending, more
  kSemAdvert = 1u << 7,      // ad, ads, advert, sponsor, promo
  kSemSubscribe = 1u << 8,   // subscribe, newsletter, signup, login, cookie, consent, modal
  kSemArticle = 1u << 9,     // article, post, entry, story, itemprop=articleBody
  kSemContent = 1u << 10,    // main, content, body, text, prose, role=main
  kSemByline = 1u << 11,     // byline, author, date, time, dateline, published
  kSemCaption = 1u << 12,    // figure, figcaption, caption, credit, photo, gallery
  kSemTeaser = 1u << 13,     // teaser, card, tile, excerpt, summary, list
  kSemTitle = 1u << 14,      // title, headline, heading
  kSemHidden = 1u << 15,     // hidden, sr-only, visually-hidden, screen-reader
  kSemTags = 1u << 16,       // tag, tags, category, topics, keywords
  kSemForm = 1u << 17,       // form, search, input, <search>, role=search
  kSemNoscript = 1u << 18,   // <noscript>: what a browser shows only with scripts off
  kSemMainLandmark = 1u << 19,  // <main> or role=main: the page's one main landmark (not class words)
  kSemDeclaredBody = 1u << 20,  // itemprop=articleBody or text: the body schema.org declares
  kSemCount = 21,
  // Past the features' bits (block_features() reads bits below kSemCount
  // alone): a link to the page in another language than the page's own, a
  // language switcher's (leads_to_other_language). A block whose every word
  // is in one is never written by the default extractor.
  kSemLanguageLink = 1u << 21,
  // Inside a MathML <math> element: a formula. A block whose every word is
  // in one is a display formula, which pages write only in their text.
  kSemFormula = 1u << 22,
  // Inside a form control a reader operates (a <button>, a <textarea>) or
  // the <label> that names one: its words are the page's interface ("Sign
  // up", "Load more", "Write a comment…", "Remember me"), never the
  // document's text, wherever the control stands; a block whose every word
  // is in one is never written, unless it is a heading (an accordion's header:
  // WAI-ARIA puts the disclosure button inside the heading). (role="button"
  // is not one: sites give it to whole clickable teaser cards, a listing's
  // content.)
  kSemControl = 1u << 23,
  // Inside a link styled as a button (is_button_link): a call to action
  // ("Get started", "Download the guide", "Support our journalism"). A
  // block whose every word is in one is read as any block but never
  // written (DefaultExtractor::is_page_interface). element_semantics()
  // sets it for any element whose class names a button; the tokenizer keeps
  // it on an <a> alone (a "button-group" wraps whatever it holds).
  kSemButtonLink = 1u << 24,
  // Inside an element the page declares the text of a creative work
  // (itemprop="text": a forum post's, an answer's or a comment's body, and
  // in some blog themes the post's), besides kSemDeclaredBody. A lone block
  // there is kept from a lower p (DefaultExtractor::kDeclaredTextMinimum).
  kSemDeclaredText = 1u << 25,
  // Inside a social network's post embedded in the page by the network's
  // own embed code, whose fallback markup is the post's text and its
  // signature: a class named exactly as that code names it
  // (is_embedded_post_class(): X's "twitter-tweet" and "twitter-video",
  // Instagram's "instagram-media", TikTok's "tiktok-embed", Facebook's
  // "fb-post", "fb-video" and "fb-xfbml-parse-ignore", Reddit's
  // "reddit-embed-bq" and "reddit-card", Bluesky's "bluesky-embed",
  // Mastodon's "mastodon-embed"). A quotation from another author on
  // another site, which the golds of stories leave out (adapters/learn/
  // README.md, stop 117): a block whose every word is in one is read as
  // any block but never written (DefaultExtractor::is_page_interface).
  kSemEmbeddedPost = 1u << 26,
  // The highest bit; the tokenizer's open-element field must hold it
  // (Tokenizer::kSemanticsBits, 27 bits).
  kSemHighest = kSemEmbeddedPost,
};

// The element's own bits (not its ancestors').
std::uint32_t element_semantics(Tag tag, const ElementAttributes& attributes);

// Whether a link's hreflang (HTML: the language of the page it leads to)
// names another language than the page's own (its <html lang> or declared
// content language), as a language switcher's links do: Wikipedia's links
// to the same article in other languages, translation plugins' menus. The
// primary subtags are compared, whatever the case ("en-GB" is "en"); a
// page that declares no language, or a link without hreflang, gives false:
// some sites put hreflang in the page's own language on every link
// (Drupal's "en" on an English page's teasers).
bool leads_to_other_language(std::string_view hreflang, std::string_view page_language);

// The bits the tag name alone implies: element_semantics(tag, {}) without
// building empty attributes (the tokenizer asks for every start tag).
std::uint32_t tag_semantics(Tag tag);

// Whether one class (a run between spaces) of an element is the name a
// social network's embed code gives the element that holds an embedded
// post's fallback text (kSemEmbeddedPost), whatever the ASCII case.
bool is_embedded_post_class(std::string_view class_name);

// Whether a link is styled as a button: an <a> whose class has the word
// "btn", "button" or "cta" (a call to action) as a whole word (Bootstrap's
// "btn btn-primary", WordPress's "wp-block-button__link", HubSpot's
// "cta_button", a theme's "hero__cta"), as the tokenizer marks it
// (kSemButtonLink).
bool is_button_link(Tag tag, std::string_view class_name);
// The same from the bits element_semantics() gave the element's attributes:
// the one rule the tokenizer applies to keep kSemButtonLink.
bool is_button_link(Tag tag, std::uint32_t attribute_bits);

// Whether the element is an advertisement by what Crunch's ad remover reads
// (Gupta et al., seed 000 §5.1): a link or source URL (href, src) on a known
// ad-serving pattern (doubleclick, googlesyndication, adserver, /ads/,
// banner, ...: general ad-network and path names, no site names), or the
// size of a standard IAB banner (468x60, 728x90, 300x250, 160x600, ...) in
// its width and height attributes or its inline style. The tokenizer marks
// the words inside such an element kTokenInAdvert.
bool element_is_advert(const ElementAttributes& attributes);

}  // namespace winnow
