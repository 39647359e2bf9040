package dev.brisk.bench;

import dev.brisk.jsonp.BriskJsonProvider;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * The users document read into a JSON-P {@code JsonObject} ({@code JsonReader.readObject}) and
 * written back ({@code JsonWriter.write}), by Parsson and by Brisk's provider; the setup checks
 * both read equal objects and write JSON that reads back equal.
 *
 * <pre>
 * java -jar brisk-bench/target/benchmarks.jar JsonpTreeBenchmark
 * </pre>
 */
public class JsonpTreeBenchmark extends BenchmarkDefaults {
  byte[] document;
  JsonProvider parsson;
  JsonProvider brisk;
  JsonObject parssonTree;
  JsonObject briskTree;

  @Setup
  public void setUp(Inputs in) {
    document = in.bytes;
    parsson = new org.eclipse.parsson.JsonProviderImpl();
    brisk = BriskJsonProvider.instance();
    parssonTree = read(parsson);
    briskTree = read(brisk);
    if (!parssonTree.equals(briskTree)) {
      throw new IllegalStateException("Parsson and Brisk read different objects");
    }
    JsonObject back = brisk.createReader(new ByteArrayInputStream(write(brisk, briskTree))).readObject();
    if (!back.equals(parssonTree)) {
      throw new IllegalStateException("Brisk's output does not read back equal");
    }
  }

  JsonObject read(JsonProvider p) {
    try (jakarta.json.JsonReader r = p.createReader(new ByteArrayInputStream(document))) {
      return r.readObject();
    }
  }

  static byte[] write(JsonProvider p, JsonObject tree) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
    try (jakarta.json.JsonWriter w = p.createWriter(out)) {
      w.writeObject(tree);
    }
    return out.toByteArray();
  }

  @Benchmark
  public JsonObject readParsson() {
    return read(parsson);
  }

  @Benchmark
  public JsonObject readBrisk() {
    return read(brisk);
  }

  @Benchmark
  public byte[] writeParsson() {
    return write(parsson, parssonTree);
  }

  @Benchmark
  public byte[] writeBrisk() {
    return write(brisk, briskTree);
  }
}
