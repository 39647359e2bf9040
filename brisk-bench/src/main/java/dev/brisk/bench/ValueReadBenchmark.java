package dev.brisk.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import dev.brisk.json.JsonReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One kind of value at a time, as members: an object of 1000 members {@code "k0"} to {@code
 * "k999"} whose values are all of the kind, read name by name with Brisk's {@code JsonReader}
 * ({@code next()} then {@code nextString()}, {@code nextInt()}, {@code nextLong()} or {@code
 * nextDouble()}, what generated codecs call) and with Jackson's {@code JsonParser}. Each returns a
 * sum over the values (string lengths, numbers); the setup checks that both sums agree with the
 * values written.
 *
 * <pre>
 * java -jar brisk-bench/target/benchmarks.jar ValueReadBenchmark
 * </pre>
 */
public class ValueReadBenchmark extends BenchmarkDefaults {
  @Param({"ascii", "latin1", "cjk", "escaped", "longAscii", "int", "long", "cents", "fraction", "latitude"})
  public String kind;

  byte[] json;
  double expected;
  final JsonFactory factory = new JsonFactory();

  @Setup
  public void setUp() throws IOException {
    SplittableRandom r = new SplittableRandom(7);
    StringBuilder sb = new StringBuilder("{");
    expected = 0;
    for (int i = 0; i < ValueKinds.COUNT; i++) {
      sb.append(i == 0 ? "\"k" : ",\"k").append(i).append("\":");
      if (ValueKinds.isString(kind)) {
        String s = ValueKinds.string(kind, r);
        expected += s.length();
        sb.append('"').append(s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")).append('"');
      } else if (ValueKinds.isDouble(kind)) {
        double d = ValueKinds.decimal(kind, r);
        expected += d;
        sb.append(d);
      } else {
        long v = ValueKinds.integer(kind, r);
        expected += v;
        sb.append(v);
      }
    }
    json = sb.append('}').toString().getBytes(StandardCharsets.UTF_8);
    if (brisk() != expected || jackson() != expected) {
      throw new IllegalStateException(kind + ": read " + brisk() + " and " + jackson() + ", wrote " + expected);
    }
  }

  @Benchmark
  public double brisk() {
    JsonReader r = JsonReader.of(json);
    r.next();
    double sum = 0;
    if (ValueKinds.isString(kind)) {
      for (int i = 0; i < ValueKinds.COUNT; i++) {
        r.next();
        sum += r.nextString().length();
      }
    } else if (ValueKinds.isDouble(kind)) {
      for (int i = 0; i < ValueKinds.COUNT; i++) {
        r.next();
        sum += r.nextDouble();
      }
    } else if (kind.equals("int")) {
      for (int i = 0; i < ValueKinds.COUNT; i++) {
        r.next();
        sum += r.nextInt();
      }
    } else {
      for (int i = 0; i < ValueKinds.COUNT; i++) {
        r.next();
        sum += r.nextLong();
      }
    }
    return sum;
  }

  @Benchmark
  public double jackson() throws IOException {
    try (JsonParser p = factory.createParser(json)) {
      p.nextToken();
      double sum = 0;
      if (ValueKinds.isString(kind)) {
        for (int i = 0; i < ValueKinds.COUNT; i++) {
          p.nextToken();
          sum += p.nextTextValue().length();
        }
      } else if (ValueKinds.isDouble(kind)) {
        for (int i = 0; i < ValueKinds.COUNT; i++) {
          p.nextToken();
          p.nextToken();
          sum += p.getDoubleValue();
        }
      } else if (kind.equals("int")) {
        for (int i = 0; i < ValueKinds.COUNT; i++) {
          p.nextToken();
          p.nextToken();
          sum += p.getIntValue();
        }
      } else {
        for (int i = 0; i < ValueKinds.COUNT; i++) {
          p.nextToken();
          p.nextToken();
          sum += p.getLongValue();
        }
      }
      return sum;
    }
  }
}
