/* Print the page's title and author, the main content of the HTML page on
   stdin, then the page verdict. */
#include <stdio.h>
#include <winnow.h>

static void on_metadata(void* user, const winnow_metadata* page) {
  (void)user;                                  /* once, before any content */
  printf("%s\n", page->title);                 /* "" when the page declares none */
  if (page->author[0] != '\0') printf("by %s\n", page->author);
  putchar('\n');
}
static void on_text(void* user, const char* text, size_t length) {
  (void)user;
  fwrite(text, 1, length, stdout);
}
static void on_block_end(void* user) {
  (void)user;
  putchar('\n');
}
static void on_verdict(void* user, winnow_verdict verdict, uint64_t net_text_length) {
  (void)user;
  printf("-- %s page, %llu characters of text outside links\n",
         verdict == WINNOW_VERDICT_OVERVIEW ? "overview" : "article",
         (unsigned long long)net_text_length);
}

int main(void) {
  winnow_config config;
  winnow_config_init(&config);                 /* default extractor, 256 KiB, sniffed encoding */
  config.memory_budget = 128 * 1024;           /* engine + guard + libxml2 */
  config.callbacks.metadata = on_metadata;
  config.callbacks.block_text = on_text;
  config.callbacks.block_end = on_block_end;
  config.callbacks.verdict = on_verdict;

  winnow_status status;
  winnow_extractor* ex = winnow_create(&config, &status);
  if (ex == NULL || status != WINNOW_STATUS_OK) {
    fprintf(stderr, "winnow: %s\n", winnow_status_string(status));
    winnow_free(ex);
    return 1;
  }
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, stdin)) > 0)
    if (winnow_feed(ex, buffer, n, 0) != WINNOW_STATUS_OK) break;
  status = winnow_feed(ex, NULL, 0, 1);        /* the end: undecided content is written */

  winnow_stats stats;
  winnow_get_stats(ex, &stats);
  const char* title = winnow_get_title(ex);    /* the page's <title>, known since its head */
  fprintf(stderr, "\"%s\": %s; read as %s; peak memory %zu of %zu bytes\n", title ? title : "",
          winnow_status_string(status), stats.encoding ? stats.encoding : "-", stats.peak_memory,
          stats.memory_budget);
  winnow_free(ex);
  return status == WINNOW_STATUS_OK ? 0 : 3;
}
