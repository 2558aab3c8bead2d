/* SPDX-License-Identifier: MIT */
/* Tests of winnow.h, written in C99 and compiled as C, one group per part of
   the header. Prints "N passed, M failed" and exits non-zero on a failure. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "winnow.h"

static int passed = 0;
static int failed = 0;

#define CHECK(condition)                                                    \
  do {                                                                      \
    if (condition) {                                                        \
      ++passed;                                                             \
    } else {                                                                \
      ++failed;                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #condition); \
    }                                                                       \
  } while (0)

typedef struct collected {
  char text[8192];
  size_t length;
  int blocks;
  char headings[16];
  int heading_count;
  char shapes[64];    /* per block: kind digit, then 'q' quoted ('Q' in a quote in a quote), 'c' continued, 's'
                         starts a list or a row, 'n' per list nesting, 'h' heading */
  size_t shapes_length;
  int block_open;     /* block_start came and its block has not ended */
  int text_in_block;
  winnow_span spans[64];
  int span_count;
  int verdicts;
  winnow_verdict verdict;
  uint64_t net;
  int decisions;
  int kept;
  int blocks_at_decision[32]; /* content lines written before each decision */
  int kept_flags[32];
  float scores[32];
  char metadata[512]; /* "title|author|language|url|page_type" */
  int metadata_calls;
  int metadata_first; /* no other callback came before it */
} collected;

static void on_text(void* user, const char* text, size_t length) {
  collected* c = (collected*)user;
  c->text_in_block = 1;
  size_t room = sizeof c->text - 1 - c->length; /* keep what fits */
  if (length > room) length = room;
  memcpy(c->text + c->length, text, length);
  c->length += length;
  c->text[c->length] = '\0';
}
static void on_block_end(void* user) {
  collected* c = (collected*)user;
  on_text(user, "\n", 1);
  ++c->blocks;
  c->block_open = 0;
  c->text_in_block = 0;
}
static void on_block_start(void* user, const winnow_block_info* block) {
  collected* c = (collected*)user;
  CHECK(!c->block_open && !c->text_in_block); /* once per block, before its text */
  CHECK(block->kind >= WINNOW_BLOCK_PARAGRAPH && block->kind <= WINNOW_BLOCK_PREFORMATTED);
  CHECK(block->heading_level >= 0 && block->heading_level <= 6);
  CHECK(block->list_nesting >= 0 && block->list_nesting <= 3);
  CHECK(block->quote_nesting == 0 || (block->quote_nesting == 1 && block->quoted));
  CHECK(block->starts_group == 0 || (block->starts_group == 1 && !block->continues_item));
  c->block_open = 1;
  if (c->shapes_length + 8 < sizeof c->shapes) {
    int n;
    if (c->shapes_length > 0) c->shapes[c->shapes_length++] = ' ';
    c->shapes[c->shapes_length++] = (char)('0' + block->kind);
    if (block->quoted) c->shapes[c->shapes_length++] = block->quote_nesting ? 'Q' : 'q';
    if (block->continues_item) c->shapes[c->shapes_length++] = 'c';
    if (block->starts_group) c->shapes[c->shapes_length++] = 's';
    for (n = 0; n < block->list_nesting; ++n) c->shapes[c->shapes_length++] = 'n';
    if (block->heading_level) c->shapes[c->shapes_length++] = 'h';
    c->shapes[c->shapes_length] = '\0';
  }
}
static void on_metadata(void* user, const winnow_metadata* m) {
  collected* c = (collected*)user;
  ++c->metadata_calls;
  c->metadata_first = c->length == 0 && c->shapes_length == 0 && c->span_count == 0 && c->decisions == 0 &&
                      c->heading_count == 0;
  CHECK(m->title && m->description && m->author && m->site_name && m->published && m->modified &&
        m->language && m->url && m->image && m->page_type); /* never NULL */
  snprintf(c->metadata, sizeof c->metadata, "%s|%s|%s|%s|%s", m->title, m->author, m->language, m->url,
           m->page_type);
}
static void on_heading(void* user, int level) {
  collected* c = (collected*)user;
  if (c->heading_count < 15) c->headings[c->heading_count++] = (char)('0' + level);
}
static void on_span(void* user, uint64_t begin, uint64_t end) {
  collected* c = (collected*)user;
  if (c->span_count < 64) {
    c->spans[c->span_count].begin = begin;
    c->spans[c->span_count].end = end;
    ++c->span_count;
  }
}
static void on_verdict(void* user, winnow_verdict verdict, uint64_t net) {
  collected* c = (collected*)user;
  c->verdict = verdict;
  c->net = net;
  ++c->verdicts;
}

static void on_block_decision(void* user, uint64_t begin, uint64_t end, int kept, float score) {
  collected* c = (collected*)user;
  CHECK(begin < end);
  if (c->decisions < 32) {
    c->blocks_at_decision[c->decisions] = c->blocks;
    c->kept_flags[c->decisions] = kept;
    c->scores[c->decisions] = score;
  }
  ++c->decisions;
  c->kept += kept;
}

static const char kPage[] =
    "<html><head><title>T</title><script>var x = '<p>no</p>';</script></head><body>"
    "<nav><a href='/'>Home</a> <a href='/a'>About</a></nav>"
    "<h1>A headline</h1>"
    "<p>The first paragraph of the article has quite a few words in it, enough to be the main text.</p>"
    "<p>A second paragraph with more words, caf&eacute; and cr&egrave;me, goes on and on for a while.</p>"
    "<footer><a href='/c'>Contact</a></footer></body></html>";

static winnow_config make_config(const char* algorithm, collected* c) {
  winnow_config config;
  winnow_config_init(&config);
  config.algorithm = algorithm;
  config.callbacks.block_text = on_text;
  config.callbacks.block_end = on_block_end;
  config.callbacks.heading = on_heading;
  config.callbacks.span = on_span;
  config.callbacks.verdict = on_verdict;
  config.callbacks.block_decision = on_block_decision;
  config.callbacks.block_start = on_block_start;
  config.callbacks.metadata = on_metadata;
  config.user_data = c;
  return config;
}

static winnow_status extract(const char* algorithm, const char* html, size_t size, size_t chunk, collected* c) {
  winnow_config config = make_config(algorithm, c);
  winnow_status status = WINNOW_STATUS_OK;
  winnow_extractor* ex = winnow_create(&config, &status);
  size_t at = 0;
  if (ex == NULL) return status;
  while (at < size) {
    size_t n = size - at < chunk ? size - at : chunk;
    winnow_feed(ex, html + at, n, 0);
    at += n;
  }
  status = winnow_feed(ex, NULL, 0, 1);
  winnow_free(ex);
  return status;
}

static void test_config_init_sets_documented_defaults(void) {
  winnow_config config;
  memset(&config, 0xAB, sizeof config);
  winnow_config_init(&config);
  CHECK(strcmp(config.algorithm, "default") == 0);
  CHECK(config.memory_budget == 262144);
  CHECK(config.encoding == NULL);
  CHECK(config.max_depth == 256);
  CHECK(config.overview_threshold == 500);
  CHECK(config.url == NULL);
  CHECK(config.callbacks.block_text == NULL);
  CHECK(config.user_data == NULL);
  CHECK(config.arena == NULL);
  CHECK(config.arena_size == 0);
}

/* An extractor made from an invalid config says so, and so does each feed. */
static void check_invalid(const winnow_config* config) {
  winnow_status status = WINNOW_STATUS_OK;
  winnow_extractor* ex = winnow_create(config, &status);
  CHECK(ex != NULL);
  CHECK(status == WINNOW_STATUS_INVALID_ARGUMENT);
  CHECK(winnow_feed(ex, "<p>x", 4, 1) == WINNOW_STATUS_INVALID_ARGUMENT);
  winnow_free(ex);
}

static void test_create_reports_bad_arguments(void) {
  winnow_status status = WINNOW_STATUS_OK;
  winnow_config config;
  winnow_extractor* ex;
  CHECK(winnow_create(NULL, &status) == NULL);
  CHECK(status == WINNOW_STATUS_INVALID_ARGUMENT);
  winnow_config_init(&config);
  config.algorithm = "no-such-algorithm";
  check_invalid(&config);
  winnow_config_init(&config);
  config.encoding = "no-such-charset";
  check_invalid(&config);
  winnow_config_init(&config);
  config.max_depth = 0;
  check_invalid(&config);
  winnow_config_init(&config);
  config.memory_budget = 1000;
  ex = winnow_create(&config, &status);
  CHECK(status == WINNOW_STATUS_BUDGET_TOO_SMALL);
  CHECK(winnow_get_status(ex) == WINNOW_STATUS_BUDGET_TOO_SMALL);
  winnow_free(ex);
  winnow_free(NULL);
}

static void test_feed_delivers_blocks_headings_spans_and_verdict(void) {
  collected c;
  memset(&c, 0, sizeof c);
  CHECK(extract("plain", kPage, strlen(kPage), 4096, &c) == WINNOW_STATUS_OK);
  CHECK(strstr(c.text, "Home About\nA headline\nThe first paragraph") == c.text);
  CHECK(strstr(c.text, "caf\xC3\xA9 and cr\xC3\xA8me") != NULL);
  CHECK(strstr(c.text, "no") == NULL || strstr(c.text, "'<p>no") == NULL);
  CHECK(c.blocks == 5);
  CHECK(c.heading_count == 1 && c.headings[0] == '1');
  CHECK(c.span_count >= 1);
  CHECK(c.verdicts == 1);
  CHECK(c.verdict == WINNOW_VERDICT_OVERVIEW || c.net > 0);
}

static void test_default_reports_every_block_decision(void) {
  collected c;
  int i, lines = 0;
  memset(&c, 0, sizeof c);
  CHECK(extract("default", kPage, strlen(kPage), 5, &c) == WINNOW_STATUS_OK);
  /* Home About, the headline, two paragraphs, Contact; on a page this short
     the smoothing may drop them all, and then the fallback blocks (the two
     paragraphs, or the best block), headed by the headline, are reported
     again, kept, at the end. */
  CHECK(c.decisions >= 5 && c.decisions <= 8);
  for (i = 5; i < c.decisions; ++i) CHECK(c.kept_flags[i] == 1);
  CHECK(c.kept == c.blocks && c.kept >= 1);
  CHECK(c.kept_flags[0] == 0); /* the menu */
  CHECK(c.kept_flags[4] == 0); /* the footer */
  for (i = 0; i < c.decisions && i < 32; ++i) {
    CHECK(c.scores[i] >= 0.0f && c.scores[i] <= 1.0f);
    CHECK(c.blocks_at_decision[i] == lines); /* before the kept block's text */
    lines += c.kept_flags[i];
  }
  memset(&c, 0, sizeof c);
  CHECK(extract("bte", kPage, strlen(kPage), 4096, &c) == WINNOW_STATUS_OK);
  CHECK(c.decisions == 0); /* only block-labelling extractors report */
}

static void test_preformatted_lines_come_as_newlines_inside_a_block(void) {
  static const char kCode[] =
      "<html><body><p>Copy the loop below into your program.</p>"
      "<pre>for (;;) {\n\tpoll();\n\n  sleep(1);\n}</pre></body></html>";
  static const size_t chunks[] = {1, 3, 4096};
  size_t i;
  for (i = 0; i < sizeof chunks / sizeof chunks[0]; ++i) {
    collected c;
    memset(&c, 0, sizeof c);
    CHECK(extract("plain", kCode, strlen(kCode), chunks[i], &c) == WINNOW_STATUS_OK);
    CHECK(strcmp(c.text, "Copy the loop below into your program.\n"
                         "for (;;) {\n        poll();\n\n  sleep(1);\n}\n") == 0);
    CHECK(c.blocks == 2);
  }
}

static void test_every_block_says_what_it_is_in_the_pages_structure(void) {
  static const char kStructured[] =
      "<html><body><h2>Steps</h2><ol><li>Mix the flour.<ul><li>Sift it first.</li></ul>Then rest.</li></ol>"
      "<blockquote><p>Patience makes bread.</p><blockquote>Said the baker.</blockquote></blockquote>"
      "<table><tr><td>Flour</td><td>500 g</td></tr><tr><td>Water</td></tr></table>"
      "<dl><dt>Levain</dt><dd>A starter.</dd></dl><figure><figcaption>The loaf.</figcaption></figure>"
      "<pre>bake 40</pre></body></html>";
  static const size_t chunks[] = {1, 5, 4096};
  size_t i;
  for (i = 0; i < sizeof chunks / sizeof chunks[0]; ++i) {
    collected c;
    memset(&c, 0, sizeof c);
    CHECK(extract("plain", kStructured, strlen(kStructured), chunks[i], &c) == WINNOW_STATUS_OK);
    CHECK(strcmp(c.shapes, "0h 2s 1sn 2c 0q 0Q 5s 5 5s 3s 4 6 7") == 0);
    CHECK(c.blocks == 13);
    CHECK(c.heading_count == 1 && c.headings[0] == '2');
  }
}

static void test_output_does_not_depend_on_chunking(void) {
  static const size_t chunks[] = {1, 2, 3, 7, 64, 100000};
  collected whole;
  size_t i;
  memset(&whole, 0, sizeof whole);
  extract("bte", kPage, strlen(kPage), 100000, &whole);
  CHECK(strstr(whole.text, "The first paragraph") != NULL);
  CHECK(strstr(whole.text, "Contact") == NULL);
  for (i = 0; i < sizeof chunks / sizeof chunks[0]; ++i) {
    collected split;
    memset(&split, 0, sizeof split);
    extract("bte", kPage, strlen(kPage), chunks[i], &split);
    CHECK(strcmp(split.text, whole.text) == 0);
    CHECK(split.span_count == whole.span_count);
    CHECK(split.span_count > 0 && split.spans[0].begin == whole.spans[0].begin);
  }
}

static void test_feed_after_the_end_and_null_data(void) {
  collected c;
  winnow_config config;
  winnow_extractor* ex;
  memset(&c, 0, sizeof c);
  config = make_config("plain", &c);
  ex = winnow_create(&config, NULL);
  CHECK(winnow_feed(ex, NULL, 5, 0) == WINNOW_STATUS_INVALID_ARGUMENT);
  CHECK(winnow_feed(NULL, "x", 1, 0) == WINNOW_STATUS_INVALID_ARGUMENT);
  CHECK(winnow_feed(ex, "<p>one</p>", 10, 1) == WINNOW_STATUS_OK);
  CHECK(winnow_feed(ex, "<p>two</p>", 10, 1) == WINNOW_STATUS_ALREADY_FINISHED);
  CHECK(strcmp(c.text, "one\n") == 0);
  winnow_free(ex);
}

static void test_stats_and_pulled_spans(void) {
  collected c;
  winnow_config config;
  winnow_extractor* ex;
  winnow_stats stats;
  winnow_span spans[4];
  size_t n;
  memset(&c, 0, sizeof c);
  config = make_config("plain", &c);
  config.callbacks.span = NULL; /* pull them instead */
  ex = winnow_create(&config, NULL);
  winnow_feed(ex, kPage, strlen(kPage), 1);
  winnow_get_stats(ex, &stats);
  CHECK(stats.bytes_in == strlen(kPage));
  CHECK(stats.tokens > 40);
  CHECK(stats.words_out > 30);
  CHECK(stats.peak_memory > 0 && stats.peak_memory <= stats.memory_budget);
  CHECK(stats.memory_budget == 262144);
  CHECK(stats.status == WINNOW_STATUS_OK);
  CHECK(stats.declined == 0);
  CHECK(stats.encoding != NULL && strcmp(stats.encoding, "UTF-8") == 0);
  n = winnow_spans(ex, spans, 4);
  CHECK(n >= 1);
  CHECK(spans[0].begin < spans[0].end && spans[0].end <= strlen(kPage));
  CHECK(memcmp(kPage + spans[0].begin, "Home", 4) == 0);
  CHECK(winnow_spans(ex, spans, 4) + n >= n); /* drained: no repeats */
  winnow_free(ex);
  winnow_get_stats(NULL, &stats);
  CHECK(stats.status == WINNOW_STATUS_INVALID_ARGUMENT);
}

static void test_stats_name_the_encoding_once_decided(void) {
  /* "Новости дня" in KOI8-R with no declaration: guessed from the bytes. */
  static const char kKoi8[] = "<html><body><p>\xEE\xCF\xD7\xCF\xD3\xD4\xC9 \xC4\xCE\xD1</p>";
  collected c;
  winnow_config config;
  winnow_extractor* ex;
  winnow_stats stats;
  memset(&c, 0, sizeof c);
  config = make_config("plain", &c);
  ex = winnow_create(&config, NULL);
  CHECK(winnow_feed(ex, kKoi8, strlen(kKoi8), 0) == WINNOW_STATUS_OK);
  winnow_get_stats(ex, &stats);
  CHECK(stats.encoding == NULL); /* shorter than 4 KiB and not yet final */
  CHECK(winnow_feed(ex, "</body></html>", 14, 1) == WINNOW_STATUS_OK);
  winnow_get_stats(ex, &stats);
  CHECK(stats.encoding != NULL && strcmp(stats.encoding, "KOI8-R") == 0);
  CHECK(strstr(c.text, "\xD0\x9D\xD0\xBE\xD0\xB2\xD0\xBE\xD1\x81\xD1\x82\xD0\xB8") != NULL); /* Новости */
  winnow_free(ex);
}

static void test_title_is_known_once_its_element_ends(void) {
  /* Early in the head, before 4 KiB of input: known once the encoding is
     decided and the parser has passed </title>. */
  static const char kHead[] = "<html><head><title>\n Ca&ntilde;on  &amp; river\t</title></head><body>";
  char body[6000];
  collected c;
  winnow_config config;
  winnow_extractor* ex;
  const char* title;
  memset(&c, 0, sizeof c);
  config = make_config("default", &c);
  ex = winnow_create(&config, NULL);
  CHECK(winnow_get_title(ex) == NULL);
  CHECK(winnow_feed(ex, kHead, strlen(kHead), 0) == WINNOW_STATUS_OK);
  CHECK(winnow_get_title(ex) == NULL); /* the first 4 KiB decide the encoding */
  memset(body, 'x', sizeof body);
  memcpy(body, "<p>", 3);
  CHECK(winnow_feed(ex, body, sizeof body, 0) == WINNOW_STATUS_OK);
  title = winnow_get_title(ex);
  CHECK(title != NULL && strcmp(title, "Ca\xC3\xB1on & river") == 0);
  CHECK(winnow_feed(ex, "</p></body></html>", 18, 1) == WINNOW_STATUS_OK);
  CHECK(winnow_get_title(ex) == title); /* never changes, same storage */
  winnow_free(ex);

  /* No <title>: "" once the document ends; NULL for NULL. */
  memset(&c, 0, sizeof c);
  config = make_config("plain", &c);
  ex = winnow_create(&config, NULL);
  CHECK(winnow_feed(ex, "<p>untitled</p>", 15, 1) == WINNOW_STATUS_OK);
  CHECK(winnow_get_title(ex) != NULL && winnow_get_title(ex)[0] == '\0');
  winnow_free(ex);
  CHECK(winnow_get_title(NULL) == NULL);
}

static void test_metadata_comes_first_whatever_the_chunks(void) {
  static const char kDeclared[] =
      "<html lang=cs><head><title>Most přes řeku | Deník Sever</title>"
      "<meta property=og:site_name content='Deník Sever'>"
      "<meta name=author content='Jana Nováková'><meta property=og:type content=article>"
      "<link rel=canonical href='https://sever.example/most'></head><body>"
      "<p>Most přes řeku bude hotový na jaře, řekl starosta na včerejším zasedání rady města.</p>"
      "<meta name=description content='too late'></body></html>";
  static const char kExpected[] = "Most přes řeku|Jana Nováková|cs|https://sever.example/most|article";
  const size_t chunks[] = {1, 7, 4096};
  size_t i;
  for (i = 0; i < sizeof chunks / sizeof chunks[0]; ++i) {
    collected c;
    memset(&c, 0, sizeof c);
    CHECK(extract("default", kDeclared, sizeof kDeclared - 1, chunks[i], &c) == WINNOW_STATUS_OK);
    CHECK(c.metadata_calls == 1);
    CHECK(c.metadata_first);
    CHECK(strcmp(c.metadata, kExpected) == 0);
  }
}

static void test_metadata_can_be_pulled_once_settled(void) {
  collected c;
  winnow_config config;
  winnow_extractor* ex;
  winnow_metadata m, again;
  static const char kHead[] = "<head><title>Pulled</title><meta name=description content='A summary'></head>";
  memset(&c, 0, sizeof c);
  memset(&m, 0, sizeof m);
  config = make_config("plain", &c);
  config.callbacks.metadata = NULL; /* the getter works without the callback */
  ex = winnow_create(&config, NULL);
  CHECK(winnow_get_metadata(ex, &m) == 0);
  CHECK(m.title == NULL); /* left alone */
  CHECK(winnow_feed(ex, kHead, strlen(kHead), 0) == WINNOW_STATUS_OK);
  CHECK(winnow_get_metadata(ex, &m) == 0); /* no word of content yet */
  CHECK(winnow_feed(ex, "<p>Body text</p>", 16, 1) == WINNOW_STATUS_OK);
  CHECK(winnow_get_metadata(ex, &m) == 1);
  CHECK(strcmp(m.title, "Pulled") == 0 && strcmp(m.description, "A summary") == 0);
  CHECK(m.author != NULL && m.author[0] == '\0');
  CHECK(winnow_get_metadata(ex, &again) == 1 && again.title == m.title); /* the same storage */
  CHECK(c.metadata_calls == 0);
  winnow_free(ex);
  CHECK(winnow_get_metadata(NULL, &m) == 0);
}

static void test_budget_exceeded_keeps_what_was_decided(void) {
  size_t size = 300000, at = 15, i;
  char* big = (char*)malloc(size + 32);
  collected c;
  winnow_config config;
  winnow_extractor* ex;
  winnow_status status;
  memcpy(big, "<html><body><p>", 15);
  for (i = 0; at + 5 < size; ++i, at += 5) memcpy(big + at, "word ", 5);
  memset(&c, 0, sizeof c);
  config = make_config("bte", &c);
  config.memory_budget = 96 * 1024;
  ex = winnow_create(&config, NULL);
  status = winnow_feed(ex, big, at, 0);
  if (status == WINNOW_STATUS_OK) status = winnow_feed(ex, NULL, 0, 1);
  CHECK(status == WINNOW_STATUS_BUDGET_EXCEEDED);
  CHECK(winnow_feed(ex, "more", 4, 1) == WINNOW_STATUS_BUDGET_EXCEEDED);
  CHECK(strncmp(c.text, "word word word", 14) == 0);
  winnow_free(ex);
  free(big);
}

/* The default extractor at 64 KiB on paragraphs of 3.6 KB: the blocks
   waiting out its lag do not fit beside the open one, so it decides them
   early rather than stop, and says so in declined. */
static void test_a_short_budget_shortens_the_default_extractors_delay(void) {
  static const char kSentence[] =
      "The river rose slowly through the night, and the town watched it from the bridge. ";
  char* page = (char*)malloc(100000);
  size_t at = 0;
  int p, s;
  collected c;
  winnow_config config;
  winnow_extractor* ex;
  winnow_stats stats;
  at += (size_t)sprintf(page + at, "<html><head><title>Flood</title></head><body><h1>The river</h1>");
  for (p = 0; p < 20; ++p) {
    at += (size_t)sprintf(page + at, "<p>");
    for (s = 0; s < 40; ++s) at += (size_t)sprintf(page + at, "Paragraph %d. %s", p, kSentence);
    at += (size_t)sprintf(page + at, "</p>");
  }
  at += (size_t)sprintf(page + at, "</body></html>");
  memset(&c, 0, sizeof c);
  config = make_config("default", &c);
  config.memory_budget = 64 * 1024;
  ex = winnow_create(&config, NULL);
  CHECK(ex != NULL);
  CHECK(winnow_feed(ex, page, at, 1) == WINNOW_STATUS_OK);
  winnow_get_stats(ex, &stats);
  CHECK(stats.status == WINNOW_STATUS_OK);
  CHECK(stats.declined > 0);
  CHECK(stats.peak_memory <= 64 * 1024);
  CHECK(strncmp(c.text, "The river\nParagraph 0. The river", 32) == 0);
  CHECK(c.blocks >= 21); /* the heading, then every paragraph (some in more than one block) */
  CHECK(stats.words_out == 2 + 20 * 40 * 17);
  winnow_free(ex);
  free(page);
}

/* The caller's address stands in for one the page does not declare; it is
   copied, so the caller's string may go once winnow_create() returns. */
static void test_the_callers_address_is_the_pages_when_it_declares_none(void) {
  collected c;
  winnow_config config;
  winnow_extractor* ex;
  winnow_metadata m;
  char url[64];
  static const char kBare[] = "<title>Bare</title><p>Body text</p>";
  static const char kDeclared[] = "<link rel=canonical href=https://example.org/own><p>Body text</p>";
  memset(&c, 0, sizeof c);
  config = make_config("plain", &c);
  strcpy(url, "https://example.org/news/a-story-from-the-request");
  config.url = url;
  ex = winnow_create(&config, NULL);
  memset(url, 'x', sizeof url - 1);
  CHECK(winnow_feed(ex, kBare, strlen(kBare), 1) == WINNOW_STATUS_OK);
  CHECK(winnow_get_metadata(ex, &m) == 1);
  CHECK(strcmp(m.url, "https://example.org/news/a-story-from-the-request") == 0);
  winnow_free(ex);
  strcpy(url, "https://example.org/news/a-story-from-the-request");
  ex = winnow_create(&config, NULL);
  CHECK(winnow_feed(ex, kDeclared, strlen(kDeclared), 1) == WINNOW_STATUS_OK);
  CHECK(winnow_get_metadata(ex, &m) == 1);
  CHECK(strcmp(m.url, "https://example.org/own") == 0);
  winnow_free(ex);
}

static void test_status_strings_version_and_algorithms(void) {
  int s;
  size_t i, count = winnow_algorithm_count();
  for (s = WINNOW_STATUS_OK; s <= WINNOW_STATUS_OUT_OF_MEMORY; ++s) {
    const char* text = winnow_status_string((winnow_status)s);
    CHECK(text != NULL && text[0] != '\0');
  }
  CHECK(strcmp(winnow_status_string(WINNOW_STATUS_OK), "ok") == 0);
  CHECK(winnow_status_string((winnow_status)99) != NULL);
  CHECK(winnow_version() != NULL && winnow_version()[0] == '0' + WINNOW_VERSION_MAJOR);
  CHECK(count >= 2);
  for (i = 0; i < count; ++i) {
    CHECK(winnow_algorithm_name(i) != NULL && winnow_algorithm_summary(i) != NULL);
  }
  CHECK(winnow_algorithm_name(count) == NULL);
}

typedef struct thread_job {
  collected c;
  size_t peak;
} thread_job;

static void* run_job(void* arg) {
  thread_job* job = (thread_job*)arg;
  int round;
  for (round = 0; round < 25; ++round) {
    winnow_config config;
    winnow_extractor* ex;
    winnow_stats stats;
    memset(&job->c, 0, sizeof job->c);
    config = make_config("bte", &job->c);
    ex = winnow_create(&config, NULL);
    winnow_feed(ex, kPage, strlen(kPage), 0);
    winnow_feed(ex, NULL, 0, 1);
    winnow_get_stats(ex, &stats);
    job->peak = stats.peak_memory;
    winnow_free(ex);
  }
  return NULL;
}

static void test_two_threads_have_independent_extractors(void) {
  thread_job a, b;
  pthread_t ta, tb;
  collected alone;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  pthread_create(&ta, NULL, run_job, &a);
  pthread_create(&tb, NULL, run_job, &b);
  pthread_join(ta, NULL);
  pthread_join(tb, NULL);
  memset(&alone, 0, sizeof alone);
  extract("bte", kPage, strlen(kPage), 4096, &alone);
  CHECK(strcmp(a.c.text, alone.text) == 0);
  CHECK(strcmp(b.c.text, alone.text) == 0);
  /* Each budget saw its own thread's libxml2 allocations only: a shared
     budget would show about twice the single-thread peak. */
  CHECK(a.peak > 0 && a.peak < 100 * 1024);
  CHECK(b.peak > 0 && b.peak < 100 * 1024);
}

/* The caller-owned arena: same output as the heap, a too small arena is
   refused at create, the stats say how much of it was used, and the arena
   can be reused once the extractor is freed. */
static void test_arena_holds_the_whole_extraction(void) {
  static unsigned char arena[200 * 1024];
  collected heap_run, arena_run;
  winnow_config config;
  winnow_status status = WINNOW_STATUS_OK;
  winnow_extractor* ex;
  winnow_stats stats;
  int round;
  memset(&heap_run, 0, sizeof heap_run);
  CHECK(extract("default", kPage, strlen(kPage), 64, &heap_run) == WINNOW_STATUS_OK);
  for (round = 0; round < 2; ++round) {
    memset(&arena_run, 0, sizeof arena_run);
    config = make_config("default", &arena_run);
    config.arena = arena + 1; /* any alignment */
    config.arena_size = sizeof arena - 1;
    ex = winnow_create(&config, &status);
    CHECK(ex != NULL);
    CHECK(status == WINNOW_STATUS_OK);
    if (ex == NULL) return;
    CHECK(winnow_feed(ex, kPage, strlen(kPage), 1) == WINNOW_STATUS_OK);
    winnow_get_stats(ex, &stats);
    CHECK(stats.memory_budget < sizeof arena);
    CHECK(stats.arena_peak > stats.peak_memory);
    CHECK(stats.arena_peak <= sizeof arena);
    winnow_free(ex);
    CHECK(strcmp(arena_run.text, heap_run.text) == 0);
  }
  config = make_config("default", &arena_run);
  config.arena = arena;
  config.arena_size = 64;
  status = WINNOW_STATUS_OK;
  CHECK(winnow_create(&config, &status) == NULL);
  CHECK(status == WINNOW_STATUS_BUDGET_TOO_SMALL);
  config.arena_size = 16384; /* holds the extractor object (about 7 KiB), not its buffers */
  ex = winnow_create(&config, &status);
  CHECK(ex != NULL);
  CHECK(status == WINNOW_STATUS_BUDGET_TOO_SMALL);
  CHECK(winnow_feed(ex, "<p>x</p>", 8, 1) == WINNOW_STATUS_BUDGET_TOO_SMALL);
  winnow_free(ex);
}

int main(void) {
  test_config_init_sets_documented_defaults();
  test_create_reports_bad_arguments();
  test_feed_delivers_blocks_headings_spans_and_verdict();
  test_default_reports_every_block_decision();
  test_output_does_not_depend_on_chunking();
  test_feed_after_the_end_and_null_data();
  test_stats_and_pulled_spans();
  test_stats_name_the_encoding_once_decided();
  test_preformatted_lines_come_as_newlines_inside_a_block();
  test_every_block_says_what_it_is_in_the_pages_structure();
  test_title_is_known_once_its_element_ends();
  test_metadata_comes_first_whatever_the_chunks();
  test_metadata_can_be_pulled_once_settled();
  test_the_callers_address_is_the_pages_when_it_declares_none();
  test_budget_exceeded_keeps_what_was_decided();
  test_a_short_budget_shortens_the_default_extractors_delay();
  test_status_strings_version_and_algorithms();
  test_two_threads_have_independent_extractors();
  test_arena_holds_the_whole_extraction();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
