/* SPDX-License-Identifier: MIT */
/* The small screen winnow-reader draws: the main content of a page, as the
   C API's callbacks give it, word-wrapped to the screen's width, headings
   marked ('#' before, a rule of '-' under), each line written as soon as it
   is complete.

   The title comes first, underlined with '=': the page's declared title
   (winnow_get_metadata: og:title or the like, else <title>, without the
   site's name where the page names its site), else its <title> as written
   (winnow_get_title). It is left out when the content opens with a heading
   that the title begins or ends with ("How a starter works" under "How a
   starter works | Slow Kitchen"): the heading alone then says it. Under
   the title (or that heading) comes a byline when the page declares an
   author or a date: "by Mira Lindqvist, 2026-10-02" (an ISO date and time is
   shown as its date). Only that first heading is
   held back to compare (at most READER_HELD_BYTES of it); everything else is
   written as it comes.

   Words are broken only where they are wider than the screen, except
   Chinese and Japanese text, which breaks between any two characters, but
   not before a closing mark ("。", "，", "」") or after an opening one ("「").
   Columns are counted as a terminal shows them (column_widths.h).

   Preformatted text (code, a poem) comes with its own line breaks ('\n'
   inside a block; outside such text a '\n' is a <br>, a line break too)
   and indentation: each of its lines starts a screen line, keeps its
   indentation (up to half of the width its bullet or bar leaves) and wraps
   only where it is wider than the screen. However deep the lists and quotes,
   the marks before a line leave two columns for its text: on a narrow
   screen their ends are cut rather than the line run off the screen.

   Each block says what it is (the block_start callback): a list item gets a
   bullet ("- ", or "1. ", "2. " in an ordered list) and its wrapped lines and
   later paragraphs hang under its text; a quoted block has "| " before every
   line. A table's cells are written a row to a line, joined by " | ", its
   rows one under another (winnow_block_info.starts_group says where a row
   starts): on a small screen a row read across says more than its cells
   each a paragraph. A row wider than the screen wraps two columns in; its
   line is written when the block after it starts.

   The screen writes to a FILE*; it holds one line, one word and the first
   heading (READER_HELD_BYTES) at a time, in the struct below, so a caller
   may keep it in static memory. It calls no function of libxml2's, only the
   C API (adapters/capi/winnow.h). */
#ifndef WINNOW_READER_SCREEN_H
#define WINNOW_READER_SCREEN_H

#include <stddef.h>
#include <stdio.h>

#include "winnow.h"

#ifdef __cplusplus
extern "C" {
#endif

#define READER_MIN_COLUMNS 8
#define READER_MAX_COLUMNS 1000
#define READER_HELD_BYTES 1024 /* of a first heading, held to compare with the title */

typedef struct reader_screen {
  int columns;
  char line[4 * READER_MAX_COLUMNS + 8]; /* UTF-8: up to 4 bytes a column */
  size_t line_bytes;
  int line_spilled; /* part of the line was written already (see put_line) */
  int line_columns;
  char word[4 * READER_MAX_COLUMNS + 8]; /* the word being gathered */
  size_t word_bytes;
  int word_columns;
  int word_continues; /* the word goes on a placed part of it, with no space between */
  int line_words; /* words on the current line (a heading mark is not one) */
  int heading; /* level of the current block, 0 if none */
  int block_open; /* the current block's first text was written */
  int indenting;  /* after a line break inside the block, before its line's first word */
  int indent;     /* columns of that line's indentation, repeated where it wraps */
  char lead[24];  /* what starts the block's first line: a quote bar, a bullet */
  char hang[24];  /* what starts its later lines: the bar, spaces under the bullet */
  int margin;     /* columns of hang */
  /* Per list nesting level (winnow_block_info.list_nesting): the number of
     the level's last ordered item, 0 after an unordered one. */
  int item_numbers[4];
  int item_margins[4]; /* and the columns before its items' text */
  int open_lists; /* levels open: items since the last block outside any list */
  int blocks;  /* blocks written, for the blank line between them */
  /* A table row is being written: its last cell ended, its line and its
     last word wait for the next block (another cell joins them). */
  int row_open;
  int row_quote;  /* that row's quote nesting: 0 none, 1 quoted, 2 a quote's quote */
  FILE* out;                    /* where the screen is drawn */
  winnow_extractor* extractor;  /* the title and byline are read from it */
  int title_settled;      /* the title was written, or will not be */
  int byline_pending;     /* the byline goes under the first block, which said the title */
  char held[READER_HELD_BYTES];  /* the first block's text while it may be a heading the title repeats */
  size_t held_bytes;
} reader_screen;

/* Sets s up to write to `out`, `columns` wide (READER_MIN_COLUMNS to
   READER_MAX_COLUMNS), under the page's title and byline unless
   `show_title` is 0. */
void reader_screen_init(reader_screen* s, int columns, int show_title, FILE* out);

/* Points the configuration's callbacks and user data at the screen. */
void reader_screen_connect(reader_screen* s, winnow_config* config);

/* The extractor the title and the byline are read from, once created. */
void reader_screen_set_extractor(reader_screen* s, winnow_extractor* extractor);

/* After the final winnow_feed(): writes what is still open (the title of a
   page without content, the last table row). */
void reader_screen_finish(reader_screen* s);

/* Columns a terminal gives the code point (see column_widths.h). */
int reader_columns_of(unsigned long cp);

#ifdef __cplusplus
}
#endif

#endif
