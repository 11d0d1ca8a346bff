// `infersizer inspect FILE... [--json]` and `estimate --model-file FILE...` end to end, on GGUF and safetensors
// files the test writes byte by byte (tests/model_file_fixtures.hpp).
#include "../model_file_fixtures.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using nlohmann::json;
using namespace infersizer::fixtures;

namespace {

struct CliOutput {
    int code;
    std::string out;
    std::string err;
};

std::string scratch(const std::string& what) {
    static int counter = 0;
    return ::testing::TempDir() + "infersizer_inspect_" + std::to_string(getpid()) + "_" + std::to_string(++counter) +
           "_" + what;
}

std::string write(const std::string& name, const std::string& bytes) {
    const std::string path = scratch(name);
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

CliOutput run(const std::string& args) {
    const std::string err_file = scratch("err.txt");
    const std::string cmd = std::string(INFERSIZER_CLI_PATH) + " " + args + " 2>" + err_file + " </dev/null";
    CliOutput r;
    FILE* p = popen(cmd.c_str(), "r");
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::stringstream ss;
    ss << std::ifstream(err_file).rdbuf();
    r.err = ss.str();
    return r;
}

uint64_t fixture_bytes(const GgufWriter& w) {
    uint64_t b = 0;
    for (const auto& t : w.tensors()) b += t.bytes();
    return b;
}

}  // namespace

TEST(CliInspect, GgufJsonHasTheContractFields) {
    const GgufWriter w = tiny_llama_gguf();
    const std::string path = write("tiny.gguf", w.file());
    const CliOutput r = run("inspect " + path + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    for (const char* key : {"format", "architecture", "tensor_count", "params", "tensor_bytes", "bits_per_weight",
                            "by_type", "model"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["format"], "gguf");
    EXPECT_EQ(j["architecture"], "llama");
    EXPECT_EQ(j["tensor_count"], w.tensors().size());
    EXPECT_EQ(j["tensor_bytes"], fixture_bytes(w));
    EXPECT_EQ(j["by_type"]["Q8_0"]["tensors"], 1);
    EXPECT_EQ(j["by_type"]["Q8_0"]["bytes"], 128 * 256 / 32 * 34);
    EXPECT_EQ(j["model"]["layers"], 2);
    EXPECT_EQ(j["model"]["weight_bytes"], fixture_bytes(w));

    const CliOutput text = run("inspect " + path);
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_NE(text.out.find("model file: Tiny Llama (gguf, llama)"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("weight format: Q4_K_M"), std::string::npos) << text.out;
}

TEST(CliInspect, ShardsAreSummed) {
    SafetensorsWriter a, b;
    a.tensor("model.embed_tokens.weight", "BF16", {512, 256}, 16);
    b.tensor("lm_head.weight", "BF16", {512, 256}, 16).tensor("model.norm.weight", "F32", {256}, 32);
    const CliOutput r = run("inspect " + write("a.safetensors", a.file()) + " " + write("b.safetensors", b.file()) + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["format"], "safetensors");
    EXPECT_EQ(j["tensor_count"], 3);
    EXPECT_EQ(j["tensor_bytes"], a.data_bytes() + b.data_bytes());
    EXPECT_EQ(j["by_type"]["BF16"]["params"], 2 * 512 * 256);
}

TEST(CliInspect, ABadHeaderExitsTwoNamingFileAndOffset) {
    std::string bytes = tiny_llama_gguf().file();
    bytes[4] = 9;  // version 9
    const std::string path = write("bad.gguf", bytes);
    const CliOutput r = run("inspect " + path);
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "error: " + path + ": offset 4: GGUF version 9 is not supported (only 2 and 3)\n");
    EXPECT_TRUE(r.out.empty());

    const CliOutput junk = run("inspect " + write("notes.txt", "hello"));
    EXPECT_EQ(junk.code, 2);
    EXPECT_NE(junk.err.find("offset 0: not a GGUF, safetensors or JSON file"), std::string::npos) << junk.err;
}

TEST(CliInspect, EstimateFromTheModelFileUsesItsExactWeights) {
    const GgufWriter w = tiny_llama_gguf();
    const std::string path = write("tiny.gguf", w.file());
    const CliOutput r = run("estimate --model-file " + path +
                      " --hardware nvidia-rtx-4090 --count 1 --context 2048 --prompt 512 --output 64 --concurrency 1 --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    const json& weights = j["memory"]["weights_gib"];
    EXPECT_EQ(weights["lo"], weights["hi"]) << weights.dump();
    EXPECT_NEAR(weights["lo"].get<double>(), static_cast<double>(fixture_bytes(w)) / (1024.0 * 1024 * 1024), 1e-6);
}
