package dev.brisk.bench;

import com.alibaba.fastjson2.JSONWriter;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonWriter;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One kind of value at a time, 1000 of them written by Brisk's {@code JsonWriter} and by Jackson's
 * {@code JsonGenerator}, each reused, and by fastjson2's UTF-8 {@code JSONWriter}, made per
 * operation as its own {@code toJSONBytes} makes it: an array of the values, or an object of
 * names with {@code true} for {@code name}. Where the document benchmarks mix every kind, this
 * shows which one is slow (it found doubles such as 123.45 written at 50 ns, Latin-1 text behind
 * Jackson, and epoch milliseconds behind fastjson2). The setup checks that all three write the
 * same JSON.
 *
 * <pre>
 * java -jar brisk-bench/target/benchmarks.jar ValueWriteBenchmark
 * </pre>
 */
public class ValueWriteBenchmark extends BenchmarkDefaults {
  @Param({"ascii", "latin1", "cjk", "escaped", "longAscii", "name", "int", "long", "cents", "fraction", "latitude"})
  public String kind;

  String[] strings;
  long[] longs;
  double[] doubles;
  final JsonWriter writer = JsonWriter.create();
  final JsonFactory factory = new JsonFactory();
  final ByteArrayBuilder out = new ByteArrayBuilder();
  JsonGenerator generator;

  @Setup
  public void setUp() throws IOException {
    SplittableRandom r = new SplittableRandom(7);
    strings = new String[ValueKinds.COUNT];
    longs = new long[ValueKinds.COUNT];
    doubles = new double[ValueKinds.COUNT];
    for (int i = 0; i < ValueKinds.COUNT; i++) {
      if (kind.equals("name")) {
        strings[i] = ValueKinds.NAMES[i % ValueKinds.NAMES.length];
      } else if (ValueKinds.isString(kind)) {
        strings[i] = ValueKinds.string(kind, r);
      } else if (ValueKinds.isDouble(kind)) {
        doubles[i] = ValueKinds.decimal(kind, r);
      } else {
        longs[i] = ValueKinds.integer(kind, r);
      }
    }
    generator = factory.createGenerator(out);
    brisk();
    byte[] b = writer.toByteArray();
    byte[] j = jacksonBytes();
    if (ValueKinds.isDouble(kind)) {
      // Jackson writes JDK 17's Double.toString, which is now and then a digit longer than the
      // shortest text Brisk writes: the same doubles, not always the same bytes.
      if (!Arrays.equals(doublesOf(b), doublesOf(j)) || !Arrays.equals(doublesOf(b), doubles)) {
        throw new IllegalStateException(kind + ": Brisk and Jackson wrote different doubles");
      }
    } else if (!Arrays.equals(b, j)) { // UTF-8, the same escapes
      throw new IllegalStateException(kind + ": Brisk and Jackson wrote different bytes");
    }
    byte[] f = fastjson2Bytes();
    if (ValueKinds.isDouble(kind)
        ? !Arrays.equals(doublesOf(f), doubles)
        : !Arrays.equals(b, f)) {
      throw new IllegalStateException(kind + ": Brisk and fastjson2 wrote different JSON: "
          + new String(f, java.nio.charset.StandardCharsets.UTF_8).substring(0, 200));
    }
  }

  static double[] doublesOf(byte[] json) {
    JsonReader r = JsonReader.of(json);
    r.next();
    double[] d = new double[ValueKinds.COUNT];
    for (int i = 0; i < d.length; i++) {
      d[i] = r.nextDouble();
    }
    return d;
  }

  byte[] jacksonBytes() throws IOException {
    out.reset();
    jackson();
    generator.flush();
    return out.toByteArray();
  }

  @Benchmark
  public long brisk() {
    JsonWriter w = writer;
    w.reset();
    if (kind.equals("name")) {
      w.beginObject();
      for (String s : strings) {
        w.name(s).value(true);
      }
      w.endObject();
      return w.size();
    }
    w.beginArray();
    if (ValueKinds.isString(kind)) {
      for (String s : strings) {
        w.value(s);
      }
    } else if (ValueKinds.isDouble(kind)) {
      for (double d : doubles) {
        w.value(d);
      }
    } else {
      for (long v : longs) {
        w.value(v);
      }
    }
    w.endArray();
    return w.size();
  }

  byte[] fastjson2Bytes() {
    try (JSONWriter g = JSONWriter.ofUTF8()) {
      fastjson2(g);
      return g.getBytes();
    }
  }

  /** fastjson2's UTF-8 writer, made and closed per operation as its own {@code toJSONBytes} does. */
  @Benchmark
  public long fastjson2() {
    try (JSONWriter g = JSONWriter.ofUTF8()) {
      fastjson2(g);
      return g.size();
    }
  }

  private void fastjson2(JSONWriter g) {
    if (kind.equals("name")) {
      g.startObject();
      for (String s : strings) {
        g.writeName(s);
        g.writeColon();
        g.writeBool(true);
      }
      g.endObject();
      return;
    }
    g.startArray();
    boolean first = true;
    if (ValueKinds.isString(kind)) {
      for (String s : strings) {
        if (!first) {
          g.writeComma();
        }
        first = false;
        g.writeString(s);
      }
    } else if (ValueKinds.isDouble(kind)) {
      for (double d : doubles) {
        if (!first) {
          g.writeComma();
        }
        first = false;
        g.writeDouble(d);
      }
    } else {
      for (long v : longs) {
        if (!first) {
          g.writeComma();
        }
        first = false;
        g.writeInt64(v);
      }
    }
    g.endArray();
  }

  @Benchmark
  public long jackson() throws IOException {
    JsonGenerator g = generator;
    out.reset();
    if (kind.equals("name")) {
      g.writeStartObject();
      for (String s : strings) {
        g.writeFieldName(s);
        g.writeBoolean(true);
      }
      g.writeEndObject();
    } else {
      g.writeStartArray();
      if (ValueKinds.isString(kind)) {
        for (String s : strings) {
          g.writeString(s);
        }
      } else if (ValueKinds.isDouble(kind)) {
        for (double d : doubles) {
          g.writeNumber(d);
        }
      } else {
        for (long v : longs) {
          g.writeNumber(v);
        }
      }
      g.writeEndArray();
    }
    return g.getOutputBuffered();
  }
}
