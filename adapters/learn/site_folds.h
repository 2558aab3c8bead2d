// SPDX-License-Identifier: MIT
// train_blocks --site-folds K: cross-validation by site. Dealing pages into
// folds (--page-folds) puts a site's other pages in the training set of
// every page it holds out, so the trees may have learnt that site's
// template; holding out a package (the default) leaves a whole kind of
// sites unseen. By site, every package is in every training set but no page
// is scored by a model that saw its site: the estimate for pages of the
// kinds the shipped model has seen, from sites it has not.
//
// Where a page's site comes from is adapters/learn/tools/page_sites.py's
// business (meta files, canonical addresses); it writes the table read here.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace winnow::learn {

// "package<TAB>id" -> site, from lines "package<TAB>id<TAB>site" (a final
// newline optional, "\r\n" allowed). nullopt for a line without three
// non-empty fields or a page listed twice.
using SiteTable = std::unordered_map<std::string, std::string>;
std::optional<SiteTable> parse_site_table(std::string_view text);

// The key parse_site_table() files a page under.
std::string site_key(std::string_view package, std::string_view id);

// A page as the folds see it: its package and its site (empty: unknown, the
// page is a site of its own).
struct SitePage {
  std::size_t package = 0;
  std::string site;
};

// The fold (0 to k - 1) each page is held out in. Each package's sites are
// dealt separately, largest first (then by name), each to the fold holding
// fewest of that package's pages so far (the lowest such fold), so every
// site's pages share a fold and each package is spread as evenly over the
// folds as its sites allow. Deterministic; k must be at least 1.
std::vector<std::size_t> folds_by_site(const std::vector<SitePage>& pages, std::size_t k);

}  // namespace winnow::learn
