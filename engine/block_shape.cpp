// SPDX-License-Identifier: MIT
#include "engine/block_shape.h"

namespace winnow {

const char* block_kind_name(BlockKind kind) {
  switch (kind) {
    case BlockKind::Paragraph: return "paragraph";
    case BlockKind::ListItem: return "list_item";
    case BlockKind::OrderedListItem: return "ordered_list_item";
    case BlockKind::Term: return "term";
    case BlockKind::Definition: return "definition";
    case BlockKind::TableCell: return "table_cell";
    case BlockKind::Caption: return "caption";
    case BlockKind::Preformatted: return "preformatted";
  }
  return "paragraph";
}

}  // namespace winnow
