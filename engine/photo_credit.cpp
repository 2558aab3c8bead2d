// SPDX-License-Identifier: MIT
#include "engine/photo_credit.h"

#include "engine/content_writer.h"
#include "engine/letter_case.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

struct Agency {
  std::string_view name;  // lower case
  bool credit_alone;      // the name alone is a credit
};

// Agencies and libraries that sell news photographs, lower case.
constexpr Agency kAgencies[] = {
    {"getty images", true},       {"getty", true},          {"reuters", true},   {"afp", true},
    {"ap", true},                 {"ap photo", true},       {"afp photo", true}, {"epa", true},
    {"shutterstock", true},       {"istock", true},         {"istockphoto", true},
    {"associated press", false},  {"the associated press", false}, {"ap images", false},
    {"reuters photo", false},     {"epa-efe", false},       {"efe", false},      {"bloomberg", false},
    {"corbis", false},            {"alamy", false},         {"xinhua", false},   {"dpa", false},
    {"ansa", false},              {"anadolu agency", false}, {"nasa", false},
};

// Labels a credit may open with, lower case; a longer one before the
// shorter one it opens with.
constexpr std::string_view kLabels[] = {
    "photo credit", "image credit", "image copyright", "photograph", "photo", "picture", "image", "credit",
    "foto", "фото", "zdjęcie",
};

// The deepest chain of credits read ("Name/AFP/Getty Images" is two).
constexpr int kMaxChain = 3;
constexpr std::size_t kMaxPhotographerBytes = 48;
constexpr std::size_t kMaxPhotographerWords = 5;

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && is_html_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_html_space(text.back())) text.remove_suffix(1);
  return text;
}

// A photographer's name: a few words of letters, dots, apostrophes and
// hyphens (any letter beyond ASCII), no digit, and not a byline ("by …").
bool is_photographer(std::string_view name) {
  if (name.empty() || name.size() > kMaxPhotographerBytes || starts_with(name, "by ")) return false;
  std::size_t words = 1;
  for (char c : name) {
    if (c == ' ') {
      if (++words > kMaxPhotographerWords) return false;
      continue;
    }
    const bool ascii = static_cast<unsigned char>(c) < 0x80;
    if ((c >= '0' && c <= '9') || (ascii && !is_ascii_alnum(c) && c != '.' && c != '\'' && c != '-')) return false;
  }
  return true;
}

// Whether `line` (lowered, trimmed) ends with an agency after the
// photographer or another credit, or is an agency alone where that is
// enough (`labelled`: a label came first; `depth`: credits read after it).
bool ends_with_credit(std::string_view line, bool labelled, int depth) {
  if (depth > kMaxChain) return false;
  for (const Agency& agency : kAgencies) {
    if (!ends_with(line, agency.name)) continue;
    const std::size_t start = line.size() - agency.name.size();
    if (start > 0 && is_ascii_alnum(line[start - 1])) continue;  // "map" is no "ap"
    std::string_view before = trimmed(line.substr(0, start));
    if (before.empty()) {
      if (depth > 0 || labelled || agency.credit_alone) return true;
      continue;
    }
    if (before.back() == '/' || before.back() == ',') {
      before.remove_suffix(1);
    } else if (ends_with(before, " via")) {
      before.remove_suffix(4);
    } else {
      continue;
    }
    before = trimmed(before);
    if (ends_with_credit(before, labelled, depth + 1) || is_photographer(before)) return true;
  }
  return false;
}

}  // namespace

bool is_photo_credit(std::string_view text) {
  text = trimmed(ContentWriter::without_block_marker(text));
  // Asked of every block that would be written: a long one goes at once.
  if (text.empty() || text.size() > kMaxPhotoCreditBytes) return false;
  char lowered[kMaxPhotoCreditBytes];
  std::string_view line = lowered_copy(text, lowered, sizeof lowered);
  if (!line.empty() && line.back() == '.') line.remove_suffix(1);
  if (line.size() >= 2 && line.front() == '(' && line.back() == ')') line = line.substr(1, line.size() - 2);
  line = trimmed(line);
  bool labelled = false;
  for (std::string_view label : kLabels) {
    if (!starts_with(line, label)) continue;
    std::string_view rest = line.substr(label.size());
    if (rest.empty() || (rest.front() != ':' && rest.front() != ' ')) continue;  // "photographs", "imagery"
    while (!rest.empty() && (rest.front() == ':' || rest.front() == ' ')) rest.remove_prefix(1);
    line = rest;
    labelled = true;
    break;
  }
  return !line.empty() && ends_with_credit(line, labelled, 0);
}

}  // namespace winnow
