// json_number.hpp — how the result JSON writes a number (result_json.cpp), for the reports that must read the same.
#pragma once

namespace infersizer {

// 4 significant digits, exact integers below 1e6 kept exact: no false precision, and the same in the native and the
// wasm build. The CSV report (report_csv.cpp) writes its figures through it, so they equal getResult()'s.
double json_number(double v);

}  // namespace infersizer
