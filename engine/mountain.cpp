// SPDX-License-Identifier: MIT
#include "engine/mountain.h"

#include <algorithm>

#include "engine/utf8.h"

namespace winnow {
Mountain::Mountain(MemoryBudget& budget, const MountainParams& params)
    : params_(params), text_(budget), spare_(budget), kept_(budget), sink_(*this), writer_(sink_) {}

void Mountain::append(std::string_view bytes) {
  if (!full_ && !text_.append(bytes)) full_ = true;
}

void Mountain::start_ridge(const Token& token) {
  ridge_open_ = true;
  ++ridge_count_;
  writer_ = ContentWriter(sink_);
  words_ = chars_ = link_chars_ = 0;
  ridge_ = Ridge{};
  ridge_.text_begin = ridge_.text_end = static_cast<std::uint32_t>(text_.size());
  ridge_.source_begin = token.source_begin;
  ridge_.source_end = token.source_end;
}

void Mountain::end_ridge() {
  ridge_open_ = false;
  text_.truncate(ridge_.text_end);  // the slope after the peak goes
  if (ridge_.words == 0 || ridge_.height < params_.ridge_ratio * highest_) {
    text_.truncate(ridge_.text_begin);
    return;
  }
  if (ridge_.height > highest_) {
    // Kept ridges that the new highest puts below the ratio.
    for (std::size_t i = 0; i < kept_.size(); ++i) {
      const Ridge& r = kept_[i];
      if (r.height >= params_.ridge_ratio * highest_ && r.height < params_.ridge_ratio * ridge_.height)
        dropped_bytes_ += r.text_end - r.text_begin;
    }
    highest_ = ridge_.height;
  }
  if (!kept_.push_back(ridge_)) {
    full_ = true;
    text_.truncate(ridge_.text_begin);
    return;
  }
  if (dropped_bytes_ > 4096 && 2 * dropped_bytes_ > text_.size()) compact();
}

// Moves the ridges still within the ratio of the highest to the spare buffer.
void Mountain::compact() {
  spare_.clear();
  std::size_t kept = 0;
  for (std::size_t i = 0; i < kept_.size(); ++i) {
    Ridge r = kept_[i];
    if (r.height < params_.ridge_ratio * highest_) continue;
    const std::string_view bytes = text_.view().substr(r.text_begin, r.text_end - r.text_begin);
    r.text_begin = static_cast<std::uint32_t>(spare_.size());
    if (!spare_.append(bytes)) {
      full_ = true;
      spare_.truncate(r.text_begin);
      break;
    }
    r.text_end = static_cast<std::uint32_t>(spare_.size());
    kept_[kept++] = r;
  }
  kept_.truncate(kept);
  text_.swap(spare_);
  spare_.clear();
  dropped_bytes_ = 0;
}

void Mountain::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter&) {
  if (token.is_tag()) {
    ++pending_tags_;
    in_cell_ = false;
    return;
  }
  if (!in_cell_) {
    // A new cell: the tags since the last one take the altitude down.
    in_cell_ = true;
    altitude_ = std::max(0.0, altitude_ - params_.tag_cost * static_cast<double>(pending_tags_));
    pending_tags_ = 0;
    if (altitude_ <= 0 && ridge_open_) end_ridge();
  }
  const bool link = token.has(kTokenInAnchor) || token.has(kTokenInOnclick);
  const std::uint32_t length = utf8_characters(text) + (token.has(kTokenGlued) ? 0 : 1);
  const double height = link ? 0.0 : static_cast<double>(length);
  if (!ridge_open_) {
    if (height <= 0) return;
    start_ridge(token);
  }
  altitude_ += height;
  if (!full_) writer_.write_word(token, text);
  ++words_;
  chars_ += length;
  if (link) link_chars_ += length;
  if (altitude_ > ridge_.height) {
    ridge_.height = altitude_;
    ridge_.text_end = static_cast<std::uint32_t>(text_.size());
    ridge_.words = words_;
    ridge_.net = static_cast<std::uint32_t>(writer_.net_text_length());
    ridge_.chars = chars_;
    ridge_.link_chars = link_chars_;
    ridge_.source_end = token.source_end;
  }
}

void Mountain::finish(ContentWriter& out) {
  if (ridge_open_) end_ridge();
  for (std::size_t i = 0; i < kept_.size(); ++i) {
    const Ridge& r = kept_[i];
    if (r.height < params_.ridge_ratio * highest_) continue;
    if (r.link_chars > params_.max_link_share * r.chars) continue;
    const std::string_view bytes =
        ContentWriter::without_cut_prefix(text_.view().substr(r.text_begin, r.text_end - r.text_begin));
    if (bytes.empty()) continue;
    ++kept_count_;
    out.write_rendered(bytes, SourceSpan{r.source_begin, r.source_end}, r.words, r.net);
  }
}

std::unique_ptr<Algorithm> create_mountain(MemoryBudget& budget, const MountainParams& params) {
  return make_algorithm<Mountain>(budget, budget, params);
}

std::unique_ptr<Algorithm> create_mountain(MemoryBudget& budget) { return create_mountain(budget, MountainParams{}); }

}  // namespace winnow
