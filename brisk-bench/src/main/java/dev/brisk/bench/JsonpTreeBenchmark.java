package dev.brisk.bench;

import dev.brisk.jsonp.BriskJsonProvider;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The users document read into a JSON-P {@code JsonObject} ({@code JsonReader.readObject}) and
 * written back, by Parsson and by Brisk's provider; the setup checks both read equal objects and
 * write JSON that reads back equal. Two ways of writing: {@code write*} through a {@code
 * JsonWriter} into a new {@code ByteArrayOutputStream} per call (which then grows from 8 KiB and is
 * copied out: work the same for both), {@code generate*} through a {@code JsonGenerator} into one
 * kept, reset stream, so that the generator's own work is most of what is measured.
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
    ByteArrayOutputStream generated = new ByteArrayOutputStream();
    for (JsonProvider p : new JsonProvider[] {parsson, brisk}) {
      generated.reset();
      generate(p, p == brisk ? briskTree : parssonTree, generated);
      if (!java.util.Arrays.equals(generated.toByteArray(), write(p, p == brisk ? briskTree : parssonTree))) {
        throw new IllegalStateException(p + ": the generator and the writer wrote different bytes");
      }
    }
    if (!back.equals(parssonTree)) {
      throw new IllegalStateException("Brisk's output does not read back equal");
    }
    if (walk(read(brisk)) != walk(read(parsson))) {
      throw new IllegalStateException("the walks of the two trees differ");
    }
    Strictness.report("JSON-P read " + in.size, java.util.List.of(
        new String[] {"parsson", Strictness.verdict(document, doc -> read(parsson, doc))},
        new String[] {"brisk", Strictness.verdict(document, doc -> read(brisk, doc))}));
  }

  JsonObject read(JsonProvider p) {
    return read(p, document);
  }

  static JsonObject read(JsonProvider p, byte[] doc) {
    try (jakarta.json.JsonReader r = p.createReader(new ByteArrayInputStream(doc))) {
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

  /** A stream kept per benchmark thread, large enough for the document. */
  @State(Scope.Thread)
  public static class Out {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 20);
  }

  static int generate(JsonProvider p, JsonObject tree, ByteArrayOutputStream out) {
    out.reset();
    try (jakarta.json.stream.JsonGenerator g = p.createGenerator(out)) {
      g.write(tree);
    }
    return out.size();
  }

  @Benchmark
  public int generateParsson(Out out) {
    return generate(parsson, parssonTree, out.bytes);
  }

  @Benchmark
  public int generateBrisk(Out out) {
    return generate(brisk, briskTree, out.bytes);
  }
}
