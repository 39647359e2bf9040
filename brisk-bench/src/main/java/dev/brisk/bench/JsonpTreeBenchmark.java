package dev.brisk.bench;

import dev.brisk.jsonp.BriskJsonProvider;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
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
    if (walk(read(brisk)) != walk(read(parsson))) {
      throw new IllegalStateException("the walks of the two trees differ");
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

  /**
   * Every string's length and every number's int value, summed over the whole tree: a read that
   * then looks at every value. Brisk's tree converts each member from the core tree on first
   * access, so readBrisk alone defers that work; these two include it.
   */
  static long walk(JsonValue v) {
    java.util.ArrayDeque<JsonValue> todo = new java.util.ArrayDeque<>();
    todo.push(v);
    long sum = 0;
    while (!todo.isEmpty()) {
      JsonValue x = todo.pop();
      switch (x.getValueType()) {
        case OBJECT:
          for (JsonValue m : x.asJsonObject().values()) {
            todo.push(m);
          }
          break;
        case ARRAY:
          for (JsonValue e : x.asJsonArray()) {
            todo.push(e);
          }
          break;
        case STRING:
          sum += ((jakarta.json.JsonString) x).getString().length();
          break;
        case NUMBER:
          sum += ((jakarta.json.JsonNumber) x).intValue();
          break;
        default:
          sum++;
      }
    }
    return sum;
  }

  @Benchmark
  public long readAndWalkParsson() {
    return walk(read(parsson));
  }

  @Benchmark
  public long readAndWalkBrisk() {
    return walk(read(brisk));
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
