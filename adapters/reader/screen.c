/* SPDX-License-Identifier: MIT */
/* winnow-reader's screen: adapters/reader/screen.h says what it draws. */
#include "screen.h"

#include <string.h>

#include "column_widths.h"

/* Whether cp falls in one of a table's ranges, which are in order. */
static int in_ranges(const unsigned long (*ranges)[2], size_t count, unsigned long cp) {
  size_t i;
  for (i = 0; i < count && cp >= ranges[i][0]; ++i)
    if (cp <= ranges[i][1]) return 1;
  return 0;
}

/* Columns a code point takes on a terminal: none for a mark that draws on the
   character before it (a Thai vowel, an accent written apart) or a zero-width
   space or joiner; two for CJK, Hangul, fullwidth forms and emoji; one for the
   others. From tables generated out of the Unicode Character Database, not
   wcwidth(), whose answer depends on the device's locale. */
int reader_columns_of(unsigned long cp) {
  if (cp < 0x300) return 1;
  if (in_ranges(zero_width_ranges, sizeof zero_width_ranges / sizeof zero_width_ranges[0], cp)) return 0;
  if (in_ranges(wide_ranges, sizeof wide_ranges / sizeof wide_ranges[0], cp)) return 2;
  return 1;
}

static size_t decode(const char* s, size_t n, unsigned long* cp) {
  const unsigned char b = (unsigned char)s[0];
  size_t len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  size_t i;
  if (len > n) len = n;
  *cp = len == 1 ? b : len == 2 ? (b & 0x1Fu) : len == 3 ? (b & 0x0Fu) : (b & 0x07u);
  for (i = 1; i < len; ++i) *cp = (*cp << 6) | ((unsigned char)s[i] & 0x3Fu);
  return len;
}

static void end_line(reader_screen* s) {
  fwrite(s->line, 1, s->line_bytes, s->out);
  fputc('\n', s->out);
  fflush(s->out); /* a small screen shows each line as soon as it is known */
  s->line_bytes = 0;
  s->line_spilled = 0;
  s->line_columns = 0;
  s->line_words = 0;
}

static void put_line(reader_screen* s, const char* text, size_t bytes, int columns) {
  if (s->line_bytes + bytes > sizeof s->line) {
    /* Only marks that take no column, piled on one letter, fill the line's
       buffer (4 bytes a column, and room for the hang): what it holds is
       written, and the line goes on. */
    fwrite(s->line, 1, s->line_bytes, s->out);
    s->line_bytes = 0;
    s->line_spilled = 1;
  }
  memcpy(s->line + s->line_bytes, text, bytes);
  s->line_bytes += bytes;
  s->line_columns += columns;
}

/* Starts a screen line that is not the block's first: under the bullet,
   after the quote bar. */
static void start_later_line(reader_screen* s) { put_line(s, s->hang, (size_t)s->margin, s->margin); }

/* Puts what the screen adds before a line's text (a bullet, a bar, a
   heading's marks; ASCII, a column a byte), as far as it leaves two columns
   for the text: deep lists in quotes on a narrow screen lose the end of
   their marks rather than run off the screen. */
static void put_marks(reader_screen* s, const char* marks, size_t bytes) {
  const int room = s->columns - 2 - s->line_columns;
  if (room <= 0) return;
  if (bytes > (size_t)room) bytes = (size_t)room;
  put_line(s, marks, bytes, (int)bytes);
}

/* Ends a screen line inside a text line: the rest starts at the text
   line's indentation. */
static void wrap_line(reader_screen* s) {
  int i;
  end_line(s);
  start_later_line(s);
  for (i = 0; i < s->indent; ++i) put_marks(s, " ", 1);
}

/* Marks that must not start a line (closing punctuation of CJK text: a
   full stop, a comma, a closing bracket or quote) and that must not end one
   (opening brackets and quotes), as the line-breaking rules of Chinese and
   Japanese typesetting have them. */
static int closes_text(unsigned long cp) {
  return (cp >= 0x3001 && cp <= 0x3002) || cp == 0x3009 || cp == 0x300B || cp == 0x300D || cp == 0x300F ||
         cp == 0x3011 || cp == 0x3015 || cp == 0x3017 || cp == 0x3019 || cp == 0x30FC || cp == 0xFF01 ||
         cp == 0xFF09 || cp == 0xFF0C || cp == 0xFF0E || cp == 0xFF1A || cp == 0xFF1B || cp == 0xFF1F ||
         cp == 0xFF3D || cp == 0xFF5D || cp == 0x201D || cp == 0x2019 || cp == 0x2026;
}
static int opens_text(unsigned long cp) {
  return cp == 0x3008 || cp == 0x300A || cp == 0x300C || cp == 0x300E || cp == 0x3010 || cp == 0x3014 ||
         cp == 0x3016 || cp == 0x3018 || cp == 0xFF08 || cp == 0xFF3B || cp == 0xFF5B || cp == 0x201C ||
         cp == 0x2018;
}

/* Where the code point that ends at byte `end` of the line starts; its
   value in *cp. */
static size_t previous_start(const reader_screen* s, size_t end, unsigned long* cp) {
  size_t start = end;
  if (end == 0) return 0;
  do --start;
  while (start > 0 && end - start < 4 && ((unsigned char)s->line[start] & 0xC0) == 0x80);
  decode(s->line + start, end - start, cp);
  return start;
}

/* Ends the line before code point `next` inside a word. A wide character
   (CJK) before a closing mark goes down with it, and so do opening marks
   before it, so that no line starts with "。" or ends with "「", when the
   line keeps some text and the next has room. */
static void break_before(reader_screen* s, unsigned long next, int next_width) {
  char carried[16];
  size_t from = s->line_bytes, bytes;
  int width = 0;
  if (!s->line_spilled) {
    unsigned long cp = 0;
    size_t start = previous_start(s, from, &cp);
    if (closes_text(next) && start < from && reader_columns_of(cp) == 2) {
      width += 2;
      from = start;
      start = previous_start(s, from, &cp);
    }
    while (start < from && opens_text(cp) && s->line_bytes - start <= 12) {
      width += reader_columns_of(cp);
      from = start;
      start = previous_start(s, from, &cp);
    }
    if (s->line_columns - width <= s->margin + s->indent || s->margin + s->indent + width + next_width > s->columns) {
      from = s->line_bytes;
      width = 0;
    }
  }
  bytes = s->line_bytes - from;
  memcpy(carried, s->line + from, bytes);
  s->line_bytes = from;
  s->line_columns -= width;
  wrap_line(s);
  put_line(s, carried, bytes, width);
}

/* Moves the gathered word onto the line, wrapping first if it does not fit.
   A word wider than the screen is broken at the screen's width, and so is a
   word of CJK text, which may break between any two characters: it starts
   on the line if its first character fits. */
static void place_word(reader_screen* s) {
  size_t at = 0;
  unsigned long first;
  int breaks_anywhere;
  if (s->word_bytes == 0) return;
  decode(s->word, s->word_bytes, &first);
  breaks_anywhere = reader_columns_of(first) == 2;
  if (s->word_continues) {
    s->word_continues = 0; /* the rest of a word too long for its buffer */
  } else if (s->line_words > 0 && s->line_columns + 1 + (breaks_anywhere ? 2 : s->word_columns) > s->columns) {
    wrap_line(s);
  } else if (s->line_words > 0) {
    put_line(s, " ", 1, 1);
  }
  while (at < s->word_bytes) {
    unsigned long cp;
    size_t len = decode(s->word + at, s->word_bytes - at, &cp);
    int width = reader_columns_of(cp);
    if (s->line_columns + width > s->columns && s->line_columns > s->margin + s->indent) break_before(s, cp, width);
    put_line(s, s->word + at, len, width);
    at += len;
  }
  ++s->line_words; /* counted after any break inside the word */
  s->word_bytes = 0;
  s->word_columns = 0;
}

static void start_block_if_needed(reader_screen* s) {
  int i;
  if (s->block_open) return;
  s->block_open = 1;
  put_marks(s, s->lead, strlen(s->lead));
  if (s->heading > 0) {
    for (i = 0; i < s->heading && i < 6; ++i) put_marks(s, "#", 1);
    put_marks(s, " ", 1);
  }
}

static void write_text(reader_screen* s, const char* text, size_t length) {
  size_t at = 0;
  start_block_if_needed(s);
  while (at < length) {
    unsigned long cp;
    size_t len = decode(text + at, length - at, &cp);
    if (cp == '\n' && s->row_open) {
      place_word(s); /* a row is one line: a <br> in a cell is a space */
    } else if (cp == '\n') {
      place_word(s);
      end_line(s); /* an empty line of the text stays empty */
      start_later_line(s);
      s->indenting = 1;
      s->indent = 0;
    } else if (cp == ' ' && s->indenting) {
      if (s->line_columns - s->margin < (s->columns - s->margin) / 2) { /* half of what the margin leaves */
        put_line(s, " ", 1, 1);
        ++s->indent;
      }
    } else if (cp == ' ') {
      place_word(s);
    } else {
      s->indenting = 0;
      if (s->word_bytes + len > sizeof s->word - 8) {
        place_word(s);
        s->word_continues = 1;
      }
      memcpy(s->word + s->word_bytes, text + at, len);
      s->word_bytes += len;
      s->word_columns += reader_columns_of(cp);
    }
    at += len;
  }
}

/* The title to show: the declared one, else the <title> element's; NULL
   while neither is known. */
static const char* page_title(const reader_screen* s) {
  winnow_metadata metadata;
  if (s->extractor == NULL) return NULL;
  if (winnow_get_metadata(s->extractor, &metadata) && metadata.title[0] != '\0') return metadata.title;
  return winnow_get_title(s->extractor);
}

/* Whether `title` begins or ends with `heading` (length bytes), word for word. */
static int title_repeats(const char* title, const char* heading, size_t length) {
  size_t title_length = strlen(title);
  if (length == 0 || length > title_length) return 0;
  if (memcmp(title, heading, length) == 0 && (title[length] == '\0' || title[length] == ' ')) return 1;
  return memcmp(title + title_length - length, heading, length) == 0 &&
         (length == title_length || title[title_length - length - 1] == ' ');
}

/* Writes text outside the content's blocks (the title, the byline):
   wrapped to the screen, without the block's heading mark, bullet or bar. */
static void write_outside_blocks(reader_screen* s, const char* text) {
  int heading = s->heading, margin = s->margin;
  char lead[sizeof s->lead], hang[sizeof s->hang];
  memcpy(lead, s->lead, sizeof lead);
  memcpy(hang, s->hang, sizeof hang);
  s->heading = 0;
  s->lead[0] = s->hang[0] = '\0';
  s->margin = 0;
  write_text(s, text, strlen(text));
  place_word(s);
  end_line(s);
  s->heading = heading;
  memcpy(s->lead, lead, sizeof lead);
  memcpy(s->hang, hang, sizeof hang);
  s->margin = margin;
  s->block_open = 0; /* that was no block of the content */
}

/* "by AUTHOR, DATE", either part alone, or nothing: what the page declares.
   Returns whether it wrote a line. */
static int write_byline(reader_screen* s) {
  winnow_metadata m;
  char line[512];
  size_t date_length;
  if (s->extractor == NULL || !winnow_get_metadata(s->extractor, &m)) return 0;
  if (m.author[0] == '\0' && m.published[0] == '\0') return 0;
  date_length = strlen(m.published);
  /* 2026-10-02T08:00:00Z: the date is what a reader wants. */
  if (date_length > 10 && m.published[4] == '-' && m.published[7] == '-' &&
      (m.published[10] == 'T' || m.published[10] == ' '))
    date_length = 10;
  snprintf(line, sizeof line, "%s%s%s%.*s", m.author[0] ? "by " : "", m.author,
           m.author[0] && date_length ? ", " : "", (int)date_length, m.published);
  write_outside_blocks(s, line);
  return 1;
}

/* Writes the title, wrapped and underlined, and the byline, unless
   `repeated` (then the byline waits for the end of the heading that said
   the title); then the held text. */
static void settle_title(reader_screen* s, int repeated) {
  const char* title = page_title(s);
  int i;
  s->title_settled = 1;
  if (!repeated && title != NULL && title[0] != '\0') {
    write_outside_blocks(s, title);
    for (i = 0; i < s->columns && i < 12; ++i) fputc('=', s->out);
    fputc('\n', s->out);
    write_byline(s);
    fputc('\n', s->out);
    fflush(s->out);
  } else if (repeated) {
    s->byline_pending = 1;
  } else if (write_byline(s)) { /* no title to go under: the byline heads the page */
    fputc('\n', s->out);
  }
  if (s->held_bytes > 0) write_text(s, s->held, s->held_bytes);
  s->held_bytes = 0;
}

static void on_text(void* user, const char* text, size_t length) {
  reader_screen* s = (reader_screen*)user;
  if (!s->title_settled) {
    /* A first block that is a heading is held until it ends, to compare. */
    if (s->blocks == 0 && s->heading > 0 && s->held_bytes + length <= sizeof s->held) {
      memcpy(s->held + s->held_bytes, text, length);
      s->held_bytes += length;
      return;
    }
    settle_title(s, 0);
  }
  write_text(s, text, length);
}

static void on_block_end(void* user) {
  reader_screen* s = (reader_screen*)user;
  if (!s->title_settled) {
    const char* title = page_title(s);
    settle_title(s, title != NULL && title_repeats(title, s->held, s->held_bytes));
  }
  if (s->row_open) {
    /* A cell: its row goes on until a block that is no cell of it. The
       last word waits, so the separator never starts a line. */
    ++s->blocks;
    fflush(s->out);
    return;
  }
  place_word(s);
  if (s->line_bytes > 0 || s->line_spilled) end_line(s);
  if (s->heading > 0) {
    int i;
    for (i = 0; i < s->columns && i < 12; ++i) fputc('-', s->out);
    fputc('\n', s->out);
  }
  fputc('\n', s->out);
  s->heading = 0;
  s->block_open = 0;
  s->indenting = 0;
  s->indent = 0;
  ++s->blocks;
  if (s->byline_pending) {
    s->byline_pending = 0;
    if (write_byline(s)) fputc('\n', s->out);
  }
  fflush(s->out);
}

/* Ends the table row being written; `next_row`: the block to come is the
   table's next row, which goes on the next line with no empty line between. */
static void close_row(reader_screen* s, int next_row) {
  if (!s->row_open) return;
  s->row_open = 0;
  place_word(s);
  if (s->line_bytes > 0 || s->line_spilled) end_line(s);
  if (!next_row) fputc('\n', s->out);
  s->block_open = 0;
  s->indenting = 0;
  s->indent = 0;
  fflush(s->out);
}

/* A cell of the row being written (or a later paragraph of its cell):
   returns whether it was joined to the row. */
static int join_row(reader_screen* s, const winnow_block_info* block, int quote) {
  if (!s->row_open) return 0;
  if (block->kind == WINNOW_BLOCK_TABLE_CELL && quote == s->row_quote && !block->starts_group) {
    if (!block->continues_item) {
      /* The separator stays with the cell before it: a wrapped row never
         starts a line with '|', which would read as a quote bar. */
      memcpy(s->word + s->word_bytes, " |", 2);
      s->word_bytes += 2;
      s->word_columns += 2;
    }
    place_word(s);
    return 1;
  }
  close_row(s, block->kind == WINNOW_BLOCK_TABLE_CELL && quote == s->row_quote);
  return 0;
}

/* A block is about to start: its heading level, its bullet and quote bar (a
   second bar in a quote inside a quote).
   A nested list's items are indented two columns per level: a small screen
   has no room for the outer bullet's width. */
static void on_block_start(void* user, const winnow_block_info* block) {
  reader_screen* s = (reader_screen*)user;
  const int quote = block->quote_nesting ? 2 : block->quoted ? 1 : 0;
  const char* bar = quote == 2 ? "| | " : quote == 1 ? "| " : "";
  const int item = block->kind == WINNOW_BLOCK_LIST_ITEM || block->kind == WINNOW_BLOCK_ORDERED_LIST_ITEM;
  /* A list nested deeper than the lists shown (its outer item was not
     kept) is shown one level below the deepest one open. */
  const int nesting = block->list_nesting < s->open_lists ? block->list_nesting : s->open_lists;
  const int outer = item ? 2 * nesting : 0;
  char bullet[16] = "";
  if (join_row(s, block, quote)) return;
  /* A cell is not marked as a heading: the mark's rule would cut its row. */
  s->heading = block->kind == WINNOW_BLOCK_TABLE_CELL ? 0 : block->heading_level;
  if (block->kind == WINNOW_BLOCK_TABLE_CELL) {
    s->row_open = 1;
    s->row_quote = quote;
  }
  if (item && !block->continues_item) {
    int* number = &s->item_numbers[nesting > 3 ? 3 : nesting];
    if (block->kind == WINNOW_BLOCK_ORDERED_LIST_ITEM) {
      /* A list right after another at its level counts from 1 again. */
      *number = (nesting < s->open_lists && !block->starts_group ? *number : 0) + 1;
      snprintf(bullet, sizeof bullet, "%d. ", *number % 1000);
    } else {
      *number = 0;
      strcpy(bullet, "- ");
    }
    s->open_lists = nesting + 1;
  } else if (item) {
    /* A later paragraph of an item ends the lists nested in it. */
    if (s->open_lists > nesting + 1) s->open_lists = nesting + 1;
  } else {
    s->open_lists = 0;
  }
  if (item && block->continues_item) {
    /* A later paragraph of an item hangs under the item's text. */
    const int margin = nesting < s->open_lists ? s->item_margins[nesting] : 2;
    snprintf(s->hang, sizeof s->hang, "%s%*s", bar, margin, "");
    snprintf(s->lead, sizeof s->lead, "%s", s->hang);
  } else {
    snprintf(s->lead, sizeof s->lead, "%s%*s%s", bar, outer, "", bullet);
    /* A row's wrapped lines hang two columns in, so they do not read as rows. */
    snprintf(s->hang, sizeof s->hang, "%s%*s", bar,
             outer + (int)strlen(bullet) + (block->kind == WINNOW_BLOCK_TABLE_CELL ? 2 : 0), "");
    if (item) s->item_margins[nesting] = outer + (int)strlen(bullet);
  }
  s->margin = (int)strlen(s->hang);
  if (s->margin > s->columns - 2) s->margin = s->columns - 2; /* see put_marks */
}

void reader_screen_init(reader_screen* s, int columns, int show_title, FILE* out) {
  memset(s, 0, sizeof *s);
  s->columns = columns < READER_MIN_COLUMNS ? READER_MIN_COLUMNS
               : columns > READER_MAX_COLUMNS ? READER_MAX_COLUMNS
                                              : columns;
  s->title_settled = !show_title;
  s->out = out;
}

void reader_screen_connect(reader_screen* s, winnow_config* config) {
  config->callbacks.block_text = on_text;
  config->callbacks.block_end = on_block_end;
  config->callbacks.block_start = on_block_start;
  config->user_data = s;
}

void reader_screen_set_extractor(reader_screen* s, winnow_extractor* extractor) { s->extractor = extractor; }

void reader_screen_finish(reader_screen* s) {
  if (!s->title_settled) settle_title(s, 0); /* a page without content still has its title */
  close_row(s, 0);
}
