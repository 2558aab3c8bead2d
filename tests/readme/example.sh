winnow --list-algos
winnow --algo bte page.html                       # main content, one block per line
cat page.html | winnow --format spans             # byte ranges [begin, end) of the input
winnow --format markdown page.html > page.md      # the content with its structure, as CommonMark
winnow --metadata page.html | head -n 8           # title, author, date, address... as YAML, then the text
winnow --format json --memory-budget 64K page.html | tail -n 1   # status, verdict, title, peak memory
winnow-reader --columns 32 < page.html            # wrapped for a small screen, under the title; code keeps
                                                  # its lines, list items get bullets, quotes a bar,
                                                  # a table is a row per line
