/* SPDX-License-Identifier: MIT */
/*
 * winnow: streaming main-content extraction from HTML in bounded memory.
 * The C API, usable from C99.
 *
 * Shaped like expat: create an extractor, feed it the document in pieces of
 * any size (winnow_feed(ex, buf, len, is_final)), receive content through
 * callbacks as soon as it is decided, free it. The same bytes split any way
 * give the same callbacks with the same arguments.
 *
 *   winnow_config config;
 *   winnow_config_init(&config);
 *   config.callbacks.block_text = on_text;
 *   config.callbacks.block_end = on_block_end;
 *   config.user_data = &my_state;
 *   winnow_extractor* ex = winnow_create(&config, NULL);
 *   while ((n = read(fd, buf, sizeof buf)) > 0) winnow_feed(ex, buf, (size_t)n, 0);
 *   winnow_status status = winnow_feed(ex, NULL, 0, 1);
 *   winnow_free(ex);
 *
 * Threads: an extractor belongs to one thread at a time; extractors in
 * different threads are independent (each charges its own memory budget,
 * libxml2's allocations included). No function keeps global state beyond
 * libxml2's one-time initialisation, done by the first winnow_create().
 * No C++ exception crosses this interface.
 */
#ifndef WINNOW_H
#define WINNOW_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WINNOW_VERSION_MAJOR 0
#define WINNOW_VERSION_MINOR 9
#define WINNOW_VERSION_PATCH 1
/* Added in 0.1: everything below. */

#if defined(_WIN32)
#define WINNOW_API
#else
#define WINNOW_API __attribute__((visibility("default")))
#endif

typedef enum winnow_status {
  WINNOW_STATUS_OK = 0,
  /* The memory budget was reached: everything decided so far was delivered,
     the rest of the input is not examined. */
  WINNOW_STATUS_BUDGET_EXCEEDED = 1,
  /* The budget cannot hold the extractor's fixed state (about 50 KiB). */
  WINNOW_STATUS_BUDGET_TOO_SMALL = 2,
  /* Elements nested deeper than max_depth were flattened (text kept). Not an
     error: reported by the final winnow_feed(). */
  WINNOW_STATUS_NESTING_FLATTENED = 3,
  /* winnow_feed() after the final piece. */
  WINNOW_STATUS_ALREADY_FINISHED = 4,
  /* A null pointer, an unknown algorithm or encoding, a zero max_depth. */
  WINNOW_STATUS_INVALID_ARGUMENT = 5,
  /* libxml2 stopped parsing (the input guard should prevent it). */
  WINNOW_STATUS_PARSER_ERROR = 6,
  /* The system allocator failed. */
  WINNOW_STATUS_OUT_OF_MEMORY = 7
} winnow_status;

typedef enum winnow_verdict {
  WINNOW_VERDICT_ARTICLE = 0,
  WINNOW_VERDICT_OVERVIEW = 1
} winnow_verdict;

/* Added in 0.5: what a block is in the page's structure, so a renderer can
   draw a bullet, a quote bar or a code block. The kind comes from the
   innermost list item, term, definition, table cell, caption or
   preformatted element around the block; anything else is a paragraph, and
   so is a paragraph or division inside a table cell (a layout table). */
typedef enum winnow_block_kind {
  WINNOW_BLOCK_PARAGRAPH = 0,
  WINNOW_BLOCK_LIST_ITEM = 1,         /* <li> of a <ul> (or of no list) */
  WINNOW_BLOCK_ORDERED_LIST_ITEM = 2, /* <li> of an <ol> */
  WINNOW_BLOCK_TERM = 3,              /* <dt> */
  WINNOW_BLOCK_DEFINITION = 4,        /* <dd> */
  WINNOW_BLOCK_TABLE_CELL = 5,        /* <td>, <th> */
  WINNOW_BLOCK_CAPTION = 6,           /* <figcaption>, <caption> */
  WINNOW_BLOCK_PREFORMATTED = 7       /* <pre>, <xmp>, <plaintext> */
} winnow_block_kind;

typedef struct winnow_block_info {
  winnow_block_kind kind;
  int heading_level;  /* 1..6 inside h1..h6, else 0 */
  int quoted;         /* 1 inside a <blockquote> */
  int continues_item; /* 1 for a later block of the same list item, term,
                         definition, cell or caption (its second paragraph,
                         the text after a list nested in it) */
  /* Added in 0.8: how many list items are open around the block's own
     innermost one, 0..3: 0 for an item of a top-level list (and for any
     block outside lists), 1 for an item of a list nested in an item, ...
     Lists nested deeper are at 3. */
  int list_nesting;
  /* Added in 0.8: 1 for a block inside a <blockquote> inside another (a
     quote of a quote), else 0; deeper quotes are at 1. */
  int quote_nesting;
  /* Added in 0.9: 1 for the first block with words of a list's first item
     (<ul>, <ol>, <menu>, <dl>) or of a table row's first cell (<tr>), else
     0: where a renderer starts a new list (two lists in a row stay two) or
     a new row of a table. */
  int starts_group;
} winnow_block_info;

/* Added in 0.6: what a page declares about itself, as its <head> states it
   (<meta> names and properties: Open Graph, Twitter cards, Dublin Core,
   citation_*, schema.org microdata and JSON-LD; <link rel="canonical">,
   <html lang>),
   settled at the page's first word of content, before any block. Each field
   is UTF-8, NUL-terminated and never NULL: "" when the page declared none.
   Values are as written, whitespace collapsed: a date keeps the page's own
   format, an address is not resolved against the page's. README, "Page
   metadata", lists the sources of each field in order of preference. */
typedef struct winnow_metadata {
  const char* title;       /* og:title, twitter:title, dc.title, schema.org headline, else <title>; a last (or first)
                              part naming the site ("Story - Site") cut off where the page
                              names its site (og:site_name or its address); at most 256 bytes */
  const char* description; /* description, og:description, ...; at most 512 bytes */
  const char* author;      /* author, article:author (not an address), dc.creator, ..., schema.org author */
  const char* site_name;   /* og:site_name, application-name */
  const char* published;   /* article:published_time, itemprop datePublished, dc.date.issued, ... */
  const char* modified;    /* article:modified_time, og:updated_time, itemprop dateModified, ... */
  const char* language;    /* <html lang>, content-language, dc.language, og:locale */
  const char* url;         /* <link rel=canonical>, og:url; an address over 480 bytes is dropped */
  const char* image;       /* og:image, twitter:image, <link rel=image_src>; likewise */
  const char* page_type;   /* og:type ("article", "website", "product", ...) */
} winnow_metadata;

/* Content events, in document order, each with the config's user_data.
   Pointers passed to them are valid only during the call. Any may be NULL. */
typedef struct winnow_callbacks {
  /* A piece of the current block's text (UTF-8, not NUL-terminated). Words
     are separated by one space; in preformatted text (<pre>) a word that
     starts a line comes after "\n" (two for an empty line) and its
     indentation in spaces, so a '\n' inside a block is a line of it (from
     0.4.1; before, such text came as one line). Outside preformatted text a
     '\n' is a single <br> (or an inline white-space: pre-line) inside the
     block, a line break as a browser shows it (from 0.7; two <br> in a row
     end the block). */
  void (*block_text)(void* user_data, const char* text, size_t length);
  /* The current block ended. */
  void (*block_end)(void* user_data);
  /* The block about to start is a heading of this level (1..6). */
  void (*heading)(void* user_data, int level);
  /* Bytes [begin, end) of the input hold content just delivered: a run of
     consecutive words, reported once it has ended (after the end of the
     block it ended in; inside a block only where a word there was dropped).
     Never empty, in document order, never overlapping. */
  void (*span)(void* user_data, uint64_t begin, uint64_t end);
  /* Once, when the document ends: article or overview page, and the
     characters of delivered content outside links it was decided on. */
  void (*verdict)(void* user_data, winnow_verdict verdict, uint64_t net_text_length);
  /* The "default" extractor (and its favor variants) decided a block, kept or
     not, in document order and before a kept block's text: its input bytes
     [begin, end), kept (1) or dropped (0), and its P(content) before the
     smoothing (0 for a block it passes over unscored: an ad's label alone
     between two blocks, README "How it works", step 5). A page's fallback blocks are reported again, kept, at the end;
     a recovered headline (and its deck) is reported again, kept, just before its text
     (before the first other kept block). */
  void (*block_decision)(void* user_data, uint64_t begin, uint64_t end, int kept, float score);
  /* Added in 0.5. A block is about to start (once per block, before its
     first block_text and before the heading callback): its kind and
     context. */
  void (*block_start)(void* user_data, const winnow_block_info* block);
  /* Added in 0.6. Once per document, before any other callback: what the
     page declares about itself. It comes at the page's first word of
     content, or when the document ends if it has none (or the budget ran
     out before one). Not called when the extractor could not start. */
  void (*metadata)(void* user_data, const winnow_metadata* metadata);
} winnow_callbacks;

typedef struct winnow_config {
  /* Algorithm name, see winnow_algorithm_name(). Default: "default". */
  const char* algorithm;
  /* Bytes for engine, input guard and libxml2 together. Default: 262144. */
  size_t memory_budget;
  /* Optional caller-owned arena. When arena is not NULL, the extractor and
     everything it allocates (its state, the engine's buffers, the guard,
     the decoder, libxml2's parser) is carved from these arena_size bytes,
     nothing from the heap, and memory_budget is ignored: the budget is what
     the arena holds after the extractor's own state (winnow_get_stats()
     reports it). The arena must stay valid until winnow_free(); one arena
     per extractor. Too small to hold the extractor: winnow_create() returns
     NULL with WINNOW_STATUS_BUDGET_TOO_SMALL. Default: NULL, 0. */
  void* arena;
  size_t arena_size;
  /* Character encoding overriding the document's; NULL: a byte order mark or
     <meta> declaration in the first 4 KiB, else a guess from those bytes
     (UTF-8 unless they are not; README, "Decoder"). A name glibc's iconv
     does not know: WINNOW_STATUS_INVALID_ARGUMENT. Default: NULL. */
  const char* encoding;
  /* Deeper elements are flattened. Default: 256. */
  size_t max_depth;
  /* Net text length below which the page is an overview; twice it where the
     page's address (declared, else url below) is an overview's (a home page,
     a section), never where it names a story (README, "Overview-page
     detection"). Default: 500. */
  size_t overview_threshold;
  /* Added in 0.7. The page's address as the caller knows it (the URL it
     requested), or NULL: the metadata's url, and what the address says the
     page is (a story or an overview, which moves the default extractor's
     threshold and the verdict), when the page declares none. Copied by
     winnow_create(). Default: NULL. */
  const char* url;
  winnow_callbacks callbacks;
  void* user_data;
} winnow_config;

typedef struct winnow_stats {
  uint64_t bytes_in;        /* input bytes accepted */
  uint64_t tokens;          /* tag and word tokens */
  uint64_t words_out;       /* words delivered as content */
  uint64_t net_text_length; /* characters of content outside links */
  size_t peak_memory;       /* peak bytes charged to the budget, libxml2 included */
  size_t memory_budget;
  winnow_status status;
  int overview;             /* the verdict, once the document ended */
  uint64_t spans_merged;    /* spans coalesced because winnow_spans() was not called */
  size_t arena_peak;        /* with an arena: peak bytes of it in use (block headers included) */
  size_t declined;          /* what the budget had no room for and the extraction did without:
                               optional holdings (the default extractor's end-of-page fallback and
                               headline blocks) refused or taken back for memory the page needed,
                               and the default extractor's blocks decided before their lag was
                               up or ended early to stay within the budget; the status stays
                               OK, but a larger budget may give other output */
  /* Added in 0.3: */
  const char* encoding;     /* what the input is read as ("UTF-8", "WINDOWS-1251", ...): the
                               caller's, the declared or the guessed encoding (README,
                               "Decoder"); NULL until decided (the first 4 KiB or the end of a
                               shorter input). Valid until the next winnow_feed() or
                               winnow_free(). */
} winnow_stats;

typedef struct winnow_span {
  uint64_t begin;
  uint64_t end;
} winnow_span;

typedef struct winnow_extractor winnow_extractor;

/* Fills config with the defaults above. */
WINNOW_API void winnow_config_init(winnow_config* config);

/* Creates an extractor; NULL only when config is NULL or memory for the
   extractor object itself is lacking. Otherwise check *status (if status is
   not NULL) or winnow_get_status(): an unknown algorithm or a budget too
   small gives an extractor whose every feed returns that status. */
WINNOW_API winnow_extractor* winnow_create(const winnow_config* config, winnow_status* status);

/* Feeds the next length bytes; is_final != 0 marks the last piece (which
   may be empty). Returns the sticky status. data may be NULL if length is 0. */
WINNOW_API winnow_status winnow_feed(winnow_extractor* extractor, const char* data, size_t length,
                                     int is_final);

WINNOW_API void winnow_free(winnow_extractor* extractor);

WINNOW_API winnow_status winnow_get_status(const winnow_extractor* extractor);
WINNOW_API void winnow_get_stats(const winnow_extractor* extractor, winnow_stats* stats);

/* Added in 0.4. The page's title as a reader shows it above the content:
   the text of its first <title> element (not an SVG's, not one inside a
   <template>), references decoded, runs of whitespace collapsed, at most
   256 bytes of UTF-8 cut at a character boundary. NULL until that element has ended (in the <head>,
   before any content, once the encoding is decided) or the document has;
   then "" if the page had none. NULL for a NULL extractor or one that could
   not start. Once not NULL it never changes and stays valid until
   winnow_free(). */
WINNOW_API const char* winnow_get_title(const winnow_extractor* extractor);

/* Added in 0.6. Fills *out with the page's metadata (see winnow_metadata)
   and returns 1 once it is settled (at the page's first word of content or
   its end); before, or for a NULL argument or an extractor that could not
   start, returns 0 and leaves *out alone. The strings stay valid and
   unchanged until winnow_free(). */
WINNOW_API int winnow_get_metadata(const winnow_extractor* extractor, winnow_metadata* out);

/* Copies up to capacity spans decided since the last call into out and
   returns how many. Up to 64 are kept between calls; past that, the newest is
   merged into the last kept one (coverage kept, counted in spans_merged). */
WINNOW_API size_t winnow_spans(winnow_extractor* extractor, winnow_span* out, size_t capacity);

/* A short English description of a status; never NULL. */
WINNOW_API const char* winnow_status_string(winnow_status status);

/* "0.1.0": the library's version, which may differ from the header's. */
WINNOW_API const char* winnow_version(void);

/* The algorithms, for menus and --list-algos: index 0 .. count-1. */
WINNOW_API size_t winnow_algorithm_count(void);
WINNOW_API const char* winnow_algorithm_name(size_t index);
WINNOW_API const char* winnow_algorithm_summary(size_t index);

#ifdef __cplusplus
}
#endif

#endif /* WINNOW_H */
