/* SPDX-License-Identifier: MIT */
/* winnow-reader: the main content of the HTML page on stdin, word-wrapped to
   a small screen's width, headings marked, written as soon as each line is
   complete, under the page's title (adapters/reader/screen.h says how the
   screen is drawn). Written against the C API only, as firmware would use
   it.

   Usage: winnow-reader [--columns N] [--algo NAME] [--memory-budget BYTES] [--no-title]
          winnow-reader --help | --version
   Exit status: 0 ok, 1 usage error, 2 read error, 3 budget exceeded. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "screen.h"
#include "winnow.h"

static int parse_number(const char* text, size_t* out) {
  char* end = NULL;
  unsigned long long value;
  unsigned long long multiplier = 1;
  /* strtoull skips spaces and takes a sign: "-1" would be a huge size. */
  if (text[0] < '0' || text[0] > '9') return 0;
  errno = 0;
  value = strtoull(text, &end, 10);
  if (errno != 0 || end == text) return 0;
  if (*end == 'K' || *end == 'k') multiplier = 1024, ++end;
  else if (*end == 'M' || *end == 'm') multiplier = 1024 * 1024, ++end;
  if (*end != '\0') return 0;
  /* A suffix must not wrap the size round to a small one. */
  if (value > (unsigned long long)SIZE_MAX / multiplier) return 0;
  *out = (size_t)(value * multiplier);
  return 1;
}

static int usage(const char* message, const char* argument) {
  fprintf(stderr,
          "winnow-reader: %s%s%s\nUsage: winnow-reader [--columns N] [--algo NAME] [--memory-budget BYTES] "
          "[--no-title] < page.html\n",
          message, argument ? argument : "", argument ? "'" : "");
  return 1;
}

/* Whether the library knows the algorithm, so a misspelt name is reported
   as such (winnow_create would only say "invalid argument"). */
static int known_algorithm(const char* name) {
  size_t i;
  for (i = 0; i < winnow_algorithm_count(); ++i)
    if (strcmp(winnow_algorithm_name(i), name) == 0) return 1;
  return 0;
}

static int unknown_algorithm(const char* name) {
  size_t i;
  fprintf(stderr, "winnow-reader: unknown algorithm '%s'; one of:", name);
  for (i = 0; i < winnow_algorithm_count(); ++i) fprintf(stderr, " %s", winnow_algorithm_name(i));
  fputc('\n', stderr);
  return 1;
}

int main(int argc, char** argv) {
  static reader_screen s;
  int show_title = 1;
  winnow_config config;
  winnow_extractor* ex;
  winnow_status status;
  char buffer[4096];
  ssize_t got;
  size_t columns = 40;
  int i;
  winnow_config_init(&config);
  for (i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--help") == 0) {
      printf("Usage: winnow-reader [--columns N] [--algo NAME] [--memory-budget BYTES] [--no-title] < page.html\n"
             "Writes the page's main content wrapped to N columns (default 40), headings\n"
             "marked with '#', one line at a time as soon as it is known, under the page's\n"
             "title (underlined with '='; left out when the first heading says it) and the\n"
             "author and date it declares (both left out with --no-title). Code and other preformatted text keep their lines and indentation;\n"
             "a line wider than the screen goes on at its indentation. List items get a\n"
             "bullet ('- ', or '1. ' in an ordered list) and quotes a bar ('| '); a table's\n"
             "cells are written a row to a line, joined by ' | '. --version prints the\n"
             "library's version.\n"
             "Exit status: 0 ok, 1 usage error, 2 read error, 3 memory budget exceeded.\n");
      return 0;
    } else if (strcmp(argv[i], "--version") == 0) {
      printf("winnow-reader %s\n", winnow_version());
      return 0;
    } else if ((strcmp(argv[i], "--columns") == 0 || strcmp(argv[i], "--algo") == 0 ||
                strcmp(argv[i], "--memory-budget") == 0) && i + 1 == argc) {
      return usage("this option needs a value: '", argv[i]);
    } else if (strcmp(argv[i], "--columns") == 0) {
      if (!parse_number(argv[++i], &columns) || columns < READER_MIN_COLUMNS || columns > READER_MAX_COLUMNS)
        return usage("--columns needs a number from 8 to 1000, not '", argv[i]);
    } else if (strcmp(argv[i], "--algo") == 0) {
      config.algorithm = argv[++i];
      if (!known_algorithm(config.algorithm)) return unknown_algorithm(config.algorithm);
    } else if (strcmp(argv[i], "--no-title") == 0) {
      show_title = 0;
    } else if (strcmp(argv[i], "--memory-budget") == 0) {
      if (!parse_number(argv[++i], &config.memory_budget))
        return usage("--memory-budget needs a number of bytes (K and M allowed), not '", argv[i]);
    } else {
      return usage("unknown option '", argv[i]);
    }
  }
  reader_screen_init(&s, (int)columns, show_title, stdout);
  reader_screen_connect(&s, &config);
  ex = winnow_create(&config, &status);
  reader_screen_set_extractor(&s, ex);
  if (ex == NULL || status != WINNOW_STATUS_OK) {
    fprintf(stderr, "winnow-reader: %s\n", winnow_status_string(status));
    winnow_free(ex);
    return status == WINNOW_STATUS_INVALID_ARGUMENT ? 1 : 3;
  }
  /* read(), not fread(): take whatever has arrived, so lines appear while
     the page is still coming in. */
  while ((got = read(0, buffer, sizeof buffer)) != 0) {
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) break;
    status = winnow_feed(ex, buffer, (size_t)got, 0);
    if (status != WINNOW_STATUS_OK && status != WINNOW_STATUS_NESTING_FLATTENED) break;
  }
  if (got < 0) {
    fprintf(stderr, "winnow-reader: read error: %s\n", strerror(errno));
    winnow_feed(ex, NULL, 0, 1);
    reader_screen_finish(&s);
    winnow_free(ex);
    return 2;
  }
  status = winnow_feed(ex, NULL, 0, 1);
  reader_screen_finish(&s); /* a page without content still has its title */
  winnow_free(ex);
  if (status == WINNOW_STATUS_BUDGET_EXCEEDED) {
    fprintf(stderr, "winnow-reader: %s\n", winnow_status_string(status));
    return 3;
  }
  return 0;
}
