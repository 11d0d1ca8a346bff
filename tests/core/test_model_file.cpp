// test_model_file.cpp — GGUF and safetensors headers written byte by byte (tests/model_file_fixtures.hpp) read
// back exactly; reading in growing slices; a table of corrupt headers with their errors; the summary and an
// estimate that takes the file's exact weight bytes.
#include "../model_file_fixtures.hpp"
#include "gguf_header.hpp"
#include "model_file.hpp"
#include "safetensors_header.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

namespace infersizer::modelfile {
namespace {

using fixtures::Bytes;
using fixtures::GgufWriter;
using fixtures::SafetensorsWriter;

const uint8_t* bytes_of(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

GgufRead gguf(const std::string& s, std::optional<uint64_t> file_size = std::nullopt) {
    return read_gguf_header(bytes_of(s), s.size(), file_size);
}
SafetensorsRead st(const std::string& s, std::optional<uint64_t> file_size = std::nullopt) {
    return read_safetensors_header(bytes_of(s), s.size(), file_size);
}

// [SECTION] GGUF read back ---------------------------------------------------------------------------------------

TEST(GgufHeader, ReadsBackTheFixtureExactly) {
    const GgufWriter w = fixtures::tiny_llama_gguf();
    const std::string file = w.file();
    const GgufRead r = gguf(file, file.size());
    ASSERT_EQ(r.status, ReadStatus::complete) << r.error.what;
    const GgufHeader& h = r.header;
    EXPECT_EQ(h.version, 3u);
    EXPECT_EQ(h.alignment, 32u);
    const uint64_t header_size = w.header().size();
    EXPECT_EQ(h.data_offset, (header_size + 31) / 32 * 32);
    ASSERT_EQ(h.tensors.size(), w.tensors().size());
    uint64_t offset = 0;
    for (size_t i = 0; i < h.tensors.size(); ++i) {
        const auto& want = w.tensors()[i];
        const TensorInfo& got = h.tensors[i];
        EXPECT_EQ(got.name, want.name);
        EXPECT_EQ(ggml_type_by_id(want.type.id)->name, got.type) << want.name;
        ASSERT_EQ(got.shape.size(), want.shape.size());
        for (size_t d = 0; d < got.shape.size(); ++d) EXPECT_EQ(static_cast<uint64_t>(got.shape[d]), want.shape[d]);
        EXPECT_EQ(got.offset, offset) << want.name;
        EXPECT_EQ(got.bytes, static_cast<double>(want.bytes())) << want.name;
        offset += (want.bytes() + 31) / 32 * 32;
    }
    EXPECT_EQ(gguf_string(h, "general.architecture"), std::optional<std::string>("llama"));
    EXPECT_EQ(gguf_number(h, "llama.block_count"), std::optional<double>(2));
    EXPECT_NEAR(*gguf_number(h, "llama.attention.layer_norm_rms_epsilon"), 1e-5, 1e-9);
    EXPECT_EQ(h.metadata.at("tokenizer.ggml.tokens").array_count, 512u);
    EXPECT_TRUE(h.metadata.at("tokenizer.ggml.tokens").array_numbers.empty());  // strings are skipped, not kept
    EXPECT_EQ(h.metadata.at("tokenizer.ggml.token_type").array_numbers.size(), 512u);
    EXPECT_EQ(h.metadata.at("tokenizer.ggml.add_bos_token").integer, 1);
}

TEST(GgufHeader, Version2ReadsTheSame) {
    GgufWriter w = fixtures::tiny_llama_gguf();
    w.version = 2;
    const GgufRead r = gguf(w.file());
    ASSERT_EQ(r.status, ReadStatus::complete) << r.error.what;
    EXPECT_EQ(r.header.version, 2u);
    EXPECT_EQ(r.header.tensors.size(), w.tensors().size());
}

TEST(GgufHeader, EveryPrefixAsksForMoreUntilTheHeaderIsWhole) {
    const GgufWriter w = fixtures::tiny_llama_gguf();
    const std::string header = w.header();
    for (size_t n = 0; n < header.size(); n += 7) {
        const GgufRead r = gguf(header.substr(0, n));
        ASSERT_EQ(r.status, ReadStatus::need_more) << n << ": " << r.error.what;
        EXPECT_GT(r.need_bytes, n);
        EXPECT_LE(r.need_bytes, header.size());
    }
    EXPECT_EQ(gguf(header).status, ReadStatus::complete);
    // A reader that grows its slice to what is asked reaches the end in a few steps.
    size_t have = 16;
    int steps = 0;
    GgufRead r = gguf(header.substr(0, have));
    while (r.status == ReadStatus::need_more && steps < 10000) {
        have = std::max<size_t>(static_cast<size_t>(r.need_bytes), have * 2);
        r = gguf(header.substr(0, std::min(have, header.size())));
        ++steps;
    }
    EXPECT_EQ(r.status, ReadStatus::complete);
    EXPECT_LT(steps, 20);
}

TEST(GgufHeader, KnowsEveryGgmlType) {
    // ggml.h ids with ggml.c block sizes; removed ids are unknown.
    const std::vector<std::tuple<uint32_t, std::string, int64_t, int64_t>> want = {
        {0, "F32", 1, 4},         {1, "F16", 1, 2},         {2, "Q4_0", 32, 18},      {3, "Q4_1", 32, 20},
        {6, "Q5_0", 32, 22},      {7, "Q5_1", 32, 24},      {8, "Q8_0", 32, 34},      {9, "Q8_1", 32, 36},
        {10, "Q2_K", 256, 84},    {11, "Q3_K", 256, 110},   {12, "Q4_K", 256, 144},   {13, "Q5_K", 256, 176},
        {14, "Q6_K", 256, 210},   {15, "Q8_K", 256, 292},   {16, "IQ2_XXS", 256, 66}, {17, "IQ2_XS", 256, 74},
        {18, "IQ3_XXS", 256, 98}, {19, "IQ1_S", 256, 50},   {20, "IQ4_NL", 32, 18},   {21, "IQ3_S", 256, 110},
        {22, "IQ2_S", 256, 82},   {23, "IQ4_XS", 256, 136}, {24, "I8", 1, 1},         {25, "I16", 1, 2},
        {26, "I32", 1, 4},        {27, "I64", 1, 8},        {28, "F64", 1, 8},        {29, "IQ1_M", 256, 56},
        {30, "BF16", 1, 2},       {34, "TQ1_0", 256, 54},   {35, "TQ2_0", 256, 66},   {39, "MXFP4", 32, 17},
        {40, "NVFP4", 64, 36},    {41, "Q1_0", 128, 18},    {42, "Q2_0", 64, 18}};
    for (const auto& [id, name, elements, bytes] : want) {
        const GgmlTypeInfo* t = ggml_type_by_id(id);
        ASSERT_NE(t, nullptr) << name;
        EXPECT_EQ(t->name, name);
        EXPECT_EQ(t->block_elements, elements) << name;
        EXPECT_EQ(t->block_bytes, bytes) << name;
    }
    for (uint32_t removed : {4u, 5u, 31u, 32u, 33u, 36u, 37u, 38u, 43u, 1000u}) EXPECT_EQ(ggml_type_by_id(removed), nullptr);
}

// [SECTION] corrupt headers --------------------------------------------------------------------------------------

struct Corrupt {
    std::string name;
    std::string bytes;
    uint64_t offset;
    std::string error;  // the message, word for word
};

// A header with one hand-made key/value after the magic, version and counts.
std::string with_kv(const std::string& raw_kv, uint64_t n_tensors = 0) {
    return Bytes().raw("GGUF").u32(3).u64(n_tensors).u64(1).raw(raw_kv).out;
}
// A header with one hand-made tensor record.
std::string with_tensor(const std::string& raw_tensor) {
    return Bytes().raw("GGUF").u32(3).u64(1).u64(0).raw(raw_tensor).out;
}

std::vector<Corrupt> gguf_cases() {
    const std::string valid = fixtures::tiny_llama_gguf().file();
    std::string bad_offset = Bytes().raw("GGUF").u32(3).u64(2).u64(0)
                                 .str("a").u32(1).u64(32).u32(0).u64(0)
                                 .str("b").u32(1).u64(32).u32(0).u64(96).out;
    return {
        {"wrong magic", "GGML" + valid.substr(4), 0, "not a GGUF file: magic is 'GGML', expected 'GGUF'"},
        {"binary magic", std::string("\x89PNG", 4) + valid.substr(4), 0,
         "not a GGUF file: magic is '\\x89PNG', expected 'GGUF'"},
        {"version 1", Bytes().raw("GGUF").u32(1).u64(0).u64(0).out, 4, "GGUF version 1 is not supported (only 2 and 3)"},
        {"version 4", Bytes().raw("GGUF").u32(4).u64(0).u64(0).out, 4, "GGUF version 4 is not supported (only 2 and 3)"},
        {"big-endian", Bytes().raw("GGUF").u32(0x03000000).u64(0).u64(0).out, 4, "big-endian GGUF is not supported"},
        {"absurd tensor count", Bytes().raw("GGUF").u32(3).u64(1ull << 40).u64(0).out, 8,
         "tensor count 1099511627776 exceeds what a 256 MiB header can hold"},
        {"absurd kv count", Bytes().raw("GGUF").u32(3).u64(0).u64(UINT64_MAX).out, 16,
         "key/value count 18446744073709551615 exceeds what a 256 MiB header can hold"},
        {"10 GB key", with_kv(Bytes().u64(10'000'000'000ull).out), 24, "key length 10000000000 is over 65535 bytes"},
        {"10 GB string value", with_kv(Bytes().str("k").u32(8).u64(10'000'000'000ull).out), 37,
         "string length 10000000000 exceeds the 256 MiB header limit"},
        {"empty key", with_kv(Bytes().str("").u32(4).u32(1).out), 24, "empty key"},
        {"non-UTF-8 key", with_kv(Bytes().str("gen\xff\xfe").u32(4).u32(1).out), 24, "key 'gen\\xff\\xfe' is not valid UTF-8"},
        {"overlong UTF-8 key", with_kv(Bytes().str("\xc0\xaf").u32(4).u32(1).out), 24, "key '\\xc0\\xaf' is not valid UTF-8"},
        {"unknown value type", with_kv(Bytes().str("k").u32(13).u32(1).out), 33, "unknown value type 13 for key 'k'"},
        {"bad boolean", with_kv(Bytes().str("k").u32(7).u8(2).out), 37, "boolean 2 for key 'k' is not 0 or 1"},
        {"unknown array type", with_kv(Bytes().str("k").u32(9).u32(99).u64(1).out), 37,
         "unknown array element type 99 for key 'k'"},
        {"absurd array", with_kv(Bytes().str("k").u32(9).u32(10).u64(1ull << 60).out), 41,
         "array of 1152921504606846976 elements for key 'k' exceeds the 256 MiB header limit"},
        {"deep arrays", with_kv(Bytes().str("k").u32(9).u32(9).u64(1).u32(9).u64(1).u32(9).u64(1).u32(9).u64(1).out), 73,
         "arrays nested deeper than 3 in key 'k'"},
        {"alignment not a power of two", with_kv(Bytes().str("general.alignment").u32(4).u32(48).out), 49,
         "general.alignment 48 is not a power of two"},
        {"alignment zero", with_kv(Bytes().str("general.alignment").u32(4).u32(0).out), 49,
         "general.alignment 0 is not a power of two"},
        {"alignment a string", with_kv(Bytes().str("general.alignment").u32(8).str("32").out), 49,
         "general.alignment must be an integer"},
        {"duplicate key",
         Bytes().raw("GGUF").u32(3).u64(0).u64(2).str("k").u32(4).u32(1).str("k").u32(4).u32(2).out, 41,
         "duplicate key 'k'"},
        {"five dimensions", with_tensor(Bytes().str("t").u32(5).out), 33, "tensor 't' has 5 dimensions (at most 4)"},
        {"negative dimension", with_tensor(Bytes().str("t").u32(1).u64(UINT64_MAX).out), 37,
         "tensor 't' dimension 0 is negative"},
        {"element overflow", with_tensor(Bytes().str("t").u32(2).u64(1ull << 40).u64(1ull << 40).out), 45,
         "tensor 't' has more than 2^63 elements"},
        {"unknown ggml type", with_tensor(Bytes().str("t").u32(1).u64(32).u32(31).u64(0).out), 45,
         "tensor 't' has unknown ggml type 31"},
        {"row not whole blocks", with_tensor(Bytes().str("t").u32(2).u64(100).u64(2).u32(12).u64(0).out), 53,
         "tensor 't' row length 100 is not a multiple of Q4_K's block of 256"},
        {"unaligned offset", with_tensor(Bytes().str("t").u32(1).u64(32).u32(0).u64(7).out), 49,
         "tensor 't' offset 7 is not a multiple of the alignment 32"},
        {"gap between tensors", bad_offset, 82, "tensor 'b' offset 96, expected 128 (tensors follow each other)"},
        {"empty tensor name", with_tensor(Bytes().str("").u32(1).out), 24, "empty tensor name"},
        {"non-UTF-8 tensor name", with_tensor(Bytes().str("\xed\xa0\x80").u32(1).out), 24,
         "tensor name '\\xed\\xa0\\x80' is not valid UTF-8"},
        {"duplicate tensor",
         Bytes().raw("GGUF").u32(3).u64(2).u64(0).str("t").u32(1).u64(8).u32(0).u64(0).str("t").u32(1).u64(8).u32(0).u64(32).out,
         57, "duplicate tensor name 't'"},
    };
}

TEST(GgufHeader, CorruptHeadersGetTheirErrors) {
    const auto cases = gguf_cases();
    ASSERT_GE(cases.size(), 20u);
    for (const Corrupt& c : cases) {
        const GgufRead r = gguf(c.bytes, c.bytes.size());
        ASSERT_EQ(r.status, ReadStatus::error) << c.name;
        EXPECT_EQ(r.error.what, c.error) << c.name;
        EXPECT_EQ(r.error.offset, c.offset) << c.name;
    }
}

TEST(GgufHeader, TruncatedFilesNameWhereTheyEnd) {
    const std::string file = fixtures::tiny_llama_gguf().file();
    const std::string header = fixtures::tiny_llama_gguf().header();
    const std::string cut = header.substr(0, 100);
    const GgufRead r = gguf(cut, cut.size());
    ASSERT_EQ(r.status, ReadStatus::error);
    EXPECT_EQ(r.error.what, "the file ends inside the header (100 bytes)");
    EXPECT_EQ(r.error.offset, 100u);
    // The whole header but not the data: the tensors promise more bytes than the file has.
    const std::string no_data = file.substr(0, header.size() + 10);
    const GgufRead d = gguf(no_data, no_data.size());
    ASSERT_EQ(d.status, ReadStatus::error);
    EXPECT_EQ(d.error.what.rfind("tensor data ends at byte " + std::to_string(file.size()), 0), 0u) << d.error.what;
}

// [SECTION] safetensors --------------------------------------------------------------------------------------------

TEST(SafetensorsHeader, ReadsBackTheFixtureExactly) {
    const SafetensorsWriter w = fixtures::tiny_llama_safetensors();
    const std::string file = w.file();
    const SafetensorsRead r = st(file, file.size());
    ASSERT_EQ(r.status, ReadStatus::complete) << r.error.what;
    EXPECT_EQ(r.header.header_bytes, w.json_header().size());
    EXPECT_EQ(r.header.data_bytes, w.data_bytes());
    EXPECT_EQ(r.header.metadata.at("format"), "pt");
    ASSERT_EQ(r.header.tensors.size(), w.tensors().size());
    uint64_t offset = 0;
    for (size_t i = 0; i < w.tensors().size(); ++i) {
        const auto& want = w.tensors()[i];
        const TensorInfo& got = r.header.tensors[i];  // sorted by offset = the writer's order
        EXPECT_EQ(got.name, want.name);
        EXPECT_EQ(got.type, want.dtype);
        ASSERT_EQ(got.shape.size(), want.shape.size());
        for (size_t d = 0; d < got.shape.size(); ++d) EXPECT_EQ(static_cast<uint64_t>(got.shape[d]), want.shape[d]);
        EXPECT_EQ(got.offset, offset);
        EXPECT_EQ(got.bytes, static_cast<double>(want.bytes()));
        offset += want.bytes();
    }
}

TEST(SafetensorsHeader, AsksForTheHeaderItsLengthNames) {
    const std::string file = fixtures::tiny_llama_safetensors().file();
    const SafetensorsRead first = st(file.substr(0, 4));
    ASSERT_EQ(first.status, ReadStatus::need_more);
    EXPECT_EQ(first.need_bytes, 8u);
    const SafetensorsRead second = st(file.substr(0, 8));
    ASSERT_EQ(second.status, ReadStatus::need_more);
    EXPECT_EQ(second.need_bytes, 8 + fixtures::tiny_llama_safetensors().json_header().size());
    EXPECT_EQ(st(file.substr(0, static_cast<size_t>(second.need_bytes))).status, ReadStatus::complete);
}

std::string st_file(const std::string& json_text) { return Bytes().u64(json_text.size()).raw(json_text).out; }

TEST(SafetensorsHeader, CorruptHeadersGetTheirErrors) {
    const std::vector<Corrupt> cases = {
        {"10 GB header", Bytes().u64(10'000'000'000ull).raw("{}").out, 0,
         "header length 10000000000 exceeds the format's limit of 100000000 bytes"},
        {"one-byte header", Bytes().u64(1).raw("{").out, 0, "header length 1 is too short for a JSON object"},
        {"not an object", st_file("[1,2]"), 8, "header does not start with '{'"},
        {"not JSON", st_file("{\"a\":}"), 13, "header is not valid JSON: syntax error while parsing value - unexpected '}'; "
                                              "expected '[', '{', or a literal"},
        {"deep nesting", st_file("{\"a\":" + std::string(40, '[') + std::string(40, ']') + "}"), 28,
         "JSON nested deeper than 16 levels"},
        {"unknown dtype", st_file(R"({"w":{"dtype":"Q4","shape":[2],"data_offsets":[0,2]}})"), 8, "tensor 'w' has unknown dtype 'Q4'"},
        {"no shape", st_file(R"({"w":{"dtype":"F16","data_offsets":[0,2]}})"), 8, "tensor 'w' has no shape"},
        {"negative dim", st_file(R"({"w":{"dtype":"F16","shape":[-2],"data_offsets":[0,2]}})"), 8,
         "tensor 'w' dimension is not a non-negative integer: -2"},
        {"size mismatch", st_file(R"({"w":{"dtype":"F16","shape":[4],"data_offsets":[0,2]}})"), 8,
         "tensor 'w' data_offsets span 2 bytes, but 4 elements of F16 take 8"},
        {"end before begin", st_file(R"({"w":{"dtype":"F16","shape":[1],"data_offsets":[4,2]}})"), 8,
         "tensor 'w' data_offsets end 2 is before begin 4"},
        {"gap", st_file(R"({"w":{"dtype":"F16","shape":[1],"data_offsets":[2,4]}})"), 8,
         "tensor 'w' starts at data byte 2, expected 0 (tensors must tile the data without gaps or overlaps)"},
        {"metadata not strings", st_file(R"({"__metadata__":{"a":1}})"), 8, "__metadata__ 'a' is not a string"},
        {"huge offsets", st_file(R"({"w":{"dtype":"F16","shape":[1],"data_offsets":[0,1e30]}})"), 8,
         "tensor 'w' data_offsets end is not a non-negative integer: 1e+30"},
    };
    for (const Corrupt& c : cases) {
        const SafetensorsRead r = st(c.bytes, c.bytes.size());
        ASSERT_EQ(r.status, ReadStatus::error) << c.name;
        EXPECT_EQ(r.error.what, c.error) << c.name;
        EXPECT_EQ(r.error.offset, c.offset) << c.name;
    }
}

// [SECTION] summary and estimate ------------------------------------------------------------------------------------

Summary summary_of_gguf(const std::string& file) {
    const GgufRead r = gguf(file, file.size());
    EXPECT_EQ(r.status, ReadStatus::complete) << r.error.what;
    ModelFileSet set;
    EXPECT_TRUE(set.add_gguf("tiny.gguf", r.header).ok());
    const auto s = set.summary();
    if (!s.ok()) throw std::runtime_error(s.error().to_string());
    return s.value();
}

TEST(ModelFileSummary, GgufBytesAndTypesEqualTheFixture) {
    const GgufWriter w = fixtures::tiny_llama_gguf();
    const Summary s = summary_of_gguf(w.file());
    uint64_t bytes = 0, elements = 0;
    for (const auto& t : w.tensors()) {
        bytes += t.bytes();
        uint64_t n = 1;
        for (uint64_t d : t.shape) n *= d;
        elements += n;
    }
    EXPECT_EQ(s.format, "gguf");
    EXPECT_EQ(s.architecture, "llama");
    EXPECT_EQ(s.name, "Tiny Llama");
    EXPECT_EQ(s.tensor_count, static_cast<int64_t>(w.tensors().size()));
    EXPECT_EQ(s.tensor_bytes, static_cast<double>(bytes));
    EXPECT_EQ(s.params, static_cast<double>(elements));
    EXPECT_EQ(s.weights_hint, "Q4_K_M");
    // Per type, by hand: Q6_K = blk.0 attn_v (256×128) + 2 ffn_down (512×256) + output (256×512).
    EXPECT_EQ(s.by_type.at("Q6_K").tensors, 4);
    EXPECT_EQ(s.by_type.at("Q6_K").bytes, (32768.0 + 2 * 131072 + 131072) / 256 * 210);
    EXPECT_EQ(s.by_type.at("F32").bytes, 5 * 256 * 4.0);
    EXPECT_EQ(s.by_type.at("BF16").bytes, 131072 * 2.0);
    ASSERT_TRUE(s.model.has_value());
    EXPECT_EQ(s.model->n_layers, 2);
    EXPECT_EQ(s.model->hidden, 256);
    EXPECT_EQ(s.model->n_heads, 4);
    EXPECT_EQ(s.model->n_kv_heads, 2);
    EXPECT_EQ(s.model->vocab, 512);
    EXPECT_EQ(s.model->intermediate, 512);
    EXPECT_EQ(s.model->max_context, 4096);
    EXPECT_FALSE(s.model->tie_embeddings);
    EXPECT_EQ(s.model->weight_bytes_exact, std::optional<double>(static_cast<double>(bytes)));
    EXPECT_TRUE(s.notes.empty()) << s.notes.front();

    const nlohmann::json j = summary_to_json(s);
    EXPECT_EQ(j["tensor_bytes"], bytes);
    EXPECT_EQ(j["params"], elements);
    EXPECT_EQ(j["by_type"]["Q6_K"]["tensors"], 4);
    EXPECT_EQ(j["model"]["layers"], 2);
    EXPECT_EQ(j["model"]["weight_bytes"], bytes);
}

TEST(ModelFileSummary, ShardsAreSummedAndTheEstimateUsesTheExactBytes) {
    // Two shards of one model: the second holds only tensors (as gguf-split writes them).
    GgufWriter first = fixtures::tiny_llama_gguf();
    GgufWriter second;
    second.kv_u32("split.no", 1).tensor("extra.weight", {256, 1024}, fixtures::kQ8_0);
    ModelFileSet set;
    for (const GgufWriter* w : {&first, &second}) {
        const std::string f = w->file();
        const GgufRead r = gguf(f, f.size());
        ASSERT_EQ(r.status, ReadStatus::complete) << r.error.what;
        ASSERT_TRUE(set.add_gguf("shard", r.header).ok());
    }
    const auto s = set.summary();
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    EXPECT_EQ(s->tensor_bytes, static_cast<double>(summary_of_gguf(first.file()).tensor_bytes + 256 * 1024 / 32 * 34));
    EXPECT_EQ(s->architecture, "llama");

    // The model object in a scenario: weights are the file's bytes, lo = hi.
    nlohmann::json scenario = {{"schema", "infersizer.scenario/1"}, {"model", summary_to_json(*s)["model"]},
                               {"weights", "Q4_K_M"}, {"engine", "llama.cpp"}, {"hardware", "nvidia-rtx-4090"},
                               {"count", 1}, {"context_tokens", 2048}, {"prompt_tokens", 512}, {"output_tokens", 64},
                               {"concurrency", 1}};
    const auto parsed = scenario_from_json(scenario);
    ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
    const Result r = test::estimate_ok(parsed.value());
    EXPECT_TRUE(r.memory.weights_gib.is_exact());
    EXPECT_DOUBLE_EQ(r.memory.weights_gib.lo, s->tensor_bytes / (1024.0 * 1024 * 1024));

    // The scenario's JSON round trip keeps the exact bytes.
    const auto again = scenario_from_json(scenario_to_json(parsed.value()));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->model_custom->weight_bytes_exact, parsed->model_custom->weight_bytes_exact);
}

TEST(ModelFileSummary, SafetensorsDtypesAndPackedInt4) {
    ModelFileSet plain;
    const std::string f = fixtures::tiny_llama_safetensors().file();
    ASSERT_TRUE(plain.add_safetensors("model.safetensors", st(f).header).ok());
    const auto s = plain.summary();
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    EXPECT_EQ(s->format, "safetensors");
    EXPECT_EQ(s->tensor_bytes, static_cast<double>(fixtures::tiny_llama_safetensors().data_bytes()));
    EXPECT_EQ(s->by_type.at("F8_E4M3").bytes, 128 * 256.0);
    EXPECT_EQ(s->by_type.at("I8").params, 128 * 256.0);
    EXPECT_EQ(s->weights_hint, "bf16");

    // GPTQ: the qweight's 64×256 I32 hold 512×256 four-bit weights; zeros, scales and g_idx add bytes only.
    ModelFileSet gptq;
    const std::string g = fixtures::tiny_gptq_safetensors().file();
    ASSERT_TRUE(gptq.add_safetensors("model.safetensors", st(g).header).ok());
    const auto q = gptq.summary();
    ASSERT_TRUE(q.ok()) << q.error().to_string();
    const TypeTotals& packed = q->by_type.at("int4 (GPTQ/AWQ)");
    EXPECT_EQ(packed.tensors, 4);
    EXPECT_EQ(packed.params, 512 * 256.0);
    EXPECT_EQ(packed.bytes, 64 * 256 * 4.0 + 4 * 32 * 4.0 + 4 * 256 * 2.0 + 512 * 4.0);
    EXPECT_EQ(q->params, 512 * 256.0 + 512 * 256.0);
    EXPECT_EQ(q->weights_hint, "gptq-int4");
}

TEST(ModelFileSummary, ConfigAndIndexJsonAreRecognisedByContent) {
    ModelFileSet set;
    const auto index = set.add_json("x.json", R"({"metadata":{"total_size":16060522496},"weight_map":{"a":"s1","b":"s2"}})");
    ASSERT_TRUE(index.ok());
    EXPECT_EQ(index.value(), FileKind::index_json);
    const auto config = set.add_json("y.json", test::read_text(test::test_data_path("hf_configs/Llama-3.1-8B-Instruct.json")));
    ASSERT_TRUE(config.ok()) << config.error().to_string();
    EXPECT_EQ(config.value(), FileKind::config_json);
    const auto s = set.summary();
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    EXPECT_EQ(s->tensor_bytes, 16060522496.0);
    EXPECT_EQ(s->architecture, "llama");
    EXPECT_EQ(s->model->n_layers, 32);
    EXPECT_EQ(s->model->weight_bytes_exact, std::optional<double>(16060522496.0));

    ModelFileSet other;
    const auto neither = other.add_json("z.json", R"({"hello":1})");
    ASSERT_FALSE(neither.ok());
    EXPECT_EQ(neither.error().message,
              "neither a config.json (no model_type) nor a model.safetensors.index.json (no weight_map)");
}

TEST(ModelFileSummary, NonUtf8TextIsEscapedNotThrown) {
    // Found by gguf_fuzz (tests/fuzz/corpus/gguf/crash-623f1f9a…): a metadata string that is not UTF-8 made the
    // summary's JSON throw. The spec says UTF-8; the reader now keeps such bytes as \xNN.
    GgufWriter odd;
    odd.kv_string("general.architecture", "qwen8m\xcd" "e").kv_string("general.name", "caf\xe9");
    odd.tensor("token_embd.weight", {256, 4}, fixtures::kF32);
    const Summary s = summary_of_gguf(odd.file());
    EXPECT_EQ(s.architecture, "qwen8m\\xcde");
    EXPECT_EQ(s.name, "caf\\xe9");
    EXPECT_NO_THROW((void)summary_to_json(s).dump());
}

TEST(ModelFileSummary, FileKindsByContent) {
    const std::string g = fixtures::tiny_llama_gguf().header();
    const std::string s = fixtures::tiny_llama_safetensors().file();
    auto kind = [](const std::string& b) { return detect_kind(bytes_of(b), b.size()); };
    EXPECT_EQ(kind(g), FileKind::gguf);
    EXPECT_EQ(kind(s), FileKind::safetensors);
    EXPECT_EQ(kind("  {\"model_type\":\"llama\"}"), FileKind::config_json);
    EXPECT_EQ(kind("name,params\n"), FileKind::unknown);
}

}  // namespace
}  // namespace infersizer::modelfile
