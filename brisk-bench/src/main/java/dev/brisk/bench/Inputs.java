package dev.brisk.bench;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The documents the tree benchmarks read: the same bytes for every library. The built-in users
 * documents ({@code size} "1k", two users as in the Esper benchmark, or "100k"), or with {@code
 * size} "input" the file named by the system property {@code brisk.bench.input} ({@code brisk
 * bench --input FILE}): a JSON document as it is, an NDJSON file as one array of its lines.
 */
@State(Scope.Benchmark)
public class Inputs {
  /** Target size: "1k", "100k", or "input" for the user's own file. */
  @Param({"1k", "100k"})
  public String size;

  public byte[] bytes;

  @Setup
  public void setUp() throws java.io.IOException {
    bytes = size.equals("input") ? input() : Users.document(42, size.equals("1k") ? 1000 : 100_000);
  }

  /** The file of {@code brisk.bench.input}; NDJSON (.ndjson, .jsonl) becomes one JSON array. */
  public static byte[] input() throws java.io.IOException {
    String name = System.getProperty("brisk.bench.input");
    if (name == null) {
      throw new IllegalStateException("size=input needs -Dbrisk.bench.input=FILE (brisk bench --input FILE)");
    }
    java.nio.file.Path file = java.nio.file.Path.of(name);
    byte[] all = java.nio.file.Files.readAllBytes(file);
    if (!(name.endsWith(".ndjson") || name.endsWith(".jsonl"))) {
      return all;
    }
    dev.brisk.json.JsonWriter w = dev.brisk.json.JsonWriter.create();
    w.beginArray();
    for (String line : new String(all, java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
      if (!line.isBlank()) {
        byte[] b = line.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        dev.brisk.json.Json.parse(b); // each line checked: the benchmark must not time an error
        w.rawValue(b, 0, b.length);
      }
    }
    w.endArray();
    return w.toByteArray();
  }
}
