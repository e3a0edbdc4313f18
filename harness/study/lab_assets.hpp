// The study view's page (harness/study/lab/: index.html, lab.js, lab.css), built into the program: the
// build turns each file into a string (harness/study/lab/embed_assets.cmake), so that `movegen lab` serves
// the page offline, from the binary alone.
//
//   for (const LabAsset& a : lab_assets()) server.serve(a.path, a.content_type, a.body);
#pragma once

#include <span>
#include <string_view>

namespace movegen::harness {

/// One file of the page: its URL path ("/lab.js"), its Content-Type and its bytes.
struct LabAsset {
  std::string_view path;
  std::string_view content_type;
  std::string_view body;
};

/// Every file of harness/study/lab/ as the build read it; index.html is also served at "/".
std::span<const LabAsset> lab_assets();

}  // namespace movegen::harness
