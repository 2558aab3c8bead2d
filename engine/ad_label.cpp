// SPDX-License-Identifier: MIT
#include "engine/ad_label.h"

#include <iterator>

#include "engine/label_text.h"

namespace winnow {
namespace {

// Lower case, one space between words. Only what labels an ad and nothing
// else: "advertising" is left out (a section of an article about a company
// may be headed so), and so are "ad" and "ads" (a year's era in a table).
constexpr std::string_view kAdLabels[] = {
    "advertisement",
    "advertisements",
    "advert",
    "advertorial",
    "sponsored",
    "sponsored content",
    "sponsored links",
    "paid content",
    "paid post",
    "promoted content",
    "skip ad",
    "skip advertisement",
    "story continues below advertisement",
    "article continues below advertisement",
    "advertisement continue reading below",
    "continue reading below",
    "scroll to continue with content",
    "advertisement scroll to continue with content",
    "anzeige",     // German
    "werbung",
    "publicité",   // French
    "publicidad",  // Spanish
    "pubblicità",  // Italian
    "publicidade",  // Portuguese
    "advertentie",  // Dutch
    "reklama",     // Polish, Czech
    "reklame",     // Danish, Norwegian
    "annons",      // Swedish
    "mainos",      // Finnish
    "реклама",     // Russian, Ukrainian, Bulgarian
    "διαφήμιση",   // Greek
    "广告",         // Chinese
    "廣告",
    "広告",         // Japanese
    "광고",         // Korean
    "إعلان",       // Arabic
    "פרסומת",      // Hebrew
};
constexpr LabelSet kAdLabelSet{kAdLabels};

}  // namespace

bool is_ad_label(std::string_view text) {
  return is_label_among(text, kAdLabelSet.list());
}

}  // namespace winnow
