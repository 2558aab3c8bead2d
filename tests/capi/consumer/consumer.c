/* SPDX-License-Identifier: MIT */
/* A program outside the tree: built against an installed winnow, it prints
   the main content of the page on stdin. */
#include <stdio.h>
#include <winnow.h>

static void on_text(void* user, const char* text, size_t length) {
  (void)user;
  fwrite(text, 1, length, stdout);
}
static void on_block_end(void* user) {
  (void)user;
  fputc('\n', stdout);
}

int main(void) {
  winnow_config config;
  winnow_extractor* ex;
  winnow_status status;
  char buffer[4096];
  size_t n;
  winnow_config_init(&config);
  config.callbacks.block_text = on_text;
  config.callbacks.block_end = on_block_end;
  ex = winnow_create(&config, &status);
  if (ex == NULL || status != WINNOW_STATUS_OK) return 2;
  while ((n = fread(buffer, 1, sizeof buffer, stdin)) > 0) winnow_feed(ex, buffer, n, 0);
  status = winnow_feed(ex, NULL, 0, 1);
  winnow_free(ex);
  return status == WINNOW_STATUS_OK ? 0 : 3;
}
