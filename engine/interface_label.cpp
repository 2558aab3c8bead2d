// SPDX-License-Identifier: MIT
#include "engine/interface_label.h"

#include <iterator>

#include "engine/label_text.h"

namespace winnow {
namespace {

// Lower case, one space between words, no punctuation (an apostrophe too is
// a separator: "why you re seeing this ad").
//
// Phrases no heading of content is worded as (WordPress's sharing box heads
// its buttons with an <h3> "Share this:").
constexpr std::string_view kPhrases[] = {
    "share this",
    "share this article",
    "share this story",
    "share this post",
    "share this page",
    "share on facebook",
    "share on twitter",
    "share on x",
    "share on linkedin",
    "share on whatsapp",
    "share via email",
    "copy link",
    "like this",
    "print this article",
    "print this page",
    "email this article",
    "email this page",
    "click to expand",
    "click to enlarge",
    "enlarge this image",
    "enlarge image",
    "play slideshow",
    "listen to this article",
    "listen to this story",
    "back to top",
    "scroll to top",
    "jump to recipe",  // a recipe plugin's link to its card, over the story before it
    "skip to recipe",
    // A feedback widget's question, asked of the page itself.
    "was this page helpful",
    "was this article helpful",
    "was this helpful",
    "was this answer helpful",
    "was this information helpful",
    "was this page useful",
    "did you find this helpful",
    "did you find this page helpful",
    "did you find this article helpful",
    "war diese seite hilfreich",            // German
    "cette page vous a t elle été utile",  // French
    "te ha resultado útil esta página",     // Spanish
    "questa pagina è stata utile",          // Italian
    "edit source",
    "loading content",
    "loading comments",
    "adchoices",
    "ad choices",
    "why you re seeing this ad",
    "why this ad",
};

// Single words, which a heading may use for content (documentation's
// "Loading" or "Edit" section, a help page's "Share"): labels only outside
// headings.
constexpr std::string_view kWords[] = {
    "share",
    "tweet",
    "edit",
    "loading",
    "teilen",        // German: share
    "partager",      // French
    "compartir",     // Spanish
    "condividi",     // Italian
    "compartilhar",  // Portuguese
    "udostępnij",    // Polish
    "поделиться",    // Russian
    "κοινοποίηση",   // Greek
    "分享",           // Chinese
    "シェア",         // Japanese
    "공유",           // Korean
    "wird geladen",  // German: loading
    "cargando",      // Spanish
    "caricamento",   // Italian
    "ładowanie",     // Polish
    "загрузка",      // Russian
    "φόρτωση",       // Greek
    "加载中",          // Chinese
    "載入中",
    "読み込み中",      // Japanese
};

}  // namespace

bool is_interface_label(std::string_view text, bool heading) {
  return is_label_among(text, LabelList{kPhrases, std::size(kPhrases)}) ||
         (!heading && is_label_among(text, LabelList{kWords, std::size(kWords)}));
}

}  // namespace winnow
