// SPDX-License-Identifier: MIT
//
// Readability.js as an external extractor for winnow-eval: reads one HTML
// page on stdin, writes Readability's textContent on stdout (nothing when it
// finds no article). It measures the reference the corpus README gives
// figures for, on pages it gives none for (wcxb-dev-sample).
//
// Not part of the build or the tests: it needs Node.js and two packages from
// the npm registry, installed outside the project:
//
//   npm install --prefix /tmp/rjs @mozilla/readability@0.6.0 linkedom@0.18.15
//   NODE_PATH=/tmp/rjs/node_modules build/adapters/eval/winnow-eval \
//     --extractor-cmd 'node adapters/eval/tools/readability_js.js' \
//     --extractor-name readability.js --extractor-output text --threads 2
//
// linkedom is one of the two DOMs the corpus README names for its figures
// (the faster). The bytes are decoded as the page declares (BOM, then
// <meta charset> or http-equiv in the first 4 KiB) unless they are valid
// UTF-8, as winnow's decoder does too: pages saved as UTF-8 that still
// declare their old encoding are common (readability-testpages' qq declares
// gb2312). An undeclared page is read as UTF-8.

const { Readability } = require('@mozilla/readability');
const { parseHTML } = require('linkedom');

const kPrefixBytes = 4096;

function declaredEncoding(bytes) {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const prefix = bytes.subarray(0, kPrefixBytes).toString('latin1');
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.\-]+)/i.exec(prefix);
  return match ? match[1].toLowerCase() : 'utf-8';
}

function decode(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (notUtf8) {
    // read as declared, below
  }
  try {
    return new TextDecoder(declaredEncoding(bytes)).decode(bytes);
  } catch (unknownLabel) {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function extract(html) {
  try {
    const { document } = parseHTML(html);
    const article = new Readability(document).parse();
    return article && article.textContent ? article.textContent : '';
  } catch (readabilityFailed) {
    return '';  // scored as an empty extraction, as a crashing extractor would be
  }
}

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => process.stdout.write(extract(decode(Buffer.concat(chunks)))));
