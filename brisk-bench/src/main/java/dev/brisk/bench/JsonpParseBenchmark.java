package dev.brisk.bench;

import dev.brisk.jsonp.BriskJsonProvider;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;

/**
 * Seed 000's micro-benchmark: create a JSON-P parser for {@code ["a","b"]}, read it through
 * {@code getArrayStream()}, close it. Parsson found by a ServiceLoader lookup on every call (what
 * opensearch-java did through {@code JsonProvider.provider()}), Parsson with the provider kept
 * (the fix), the client's own Jackson-backed provider, and Brisk's. Time per operation.
 *
 * <pre>
 * java -jar brisk-bench/target/benchmarks.jar JsonpParseBenchmark
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JsonpParseBenchmark extends BenchmarkDefaults {
  static final byte[] INPUT = "[\"a\",\"b\"]".getBytes(StandardCharsets.UTF_8);

  JsonProvider parsson;
  JsonProvider jackson;
  JsonProvider brisk;

  @Setup
  public void setUp() {
    parsson = new org.eclipse.parsson.JsonProviderImpl();
    jackson = new org.opensearch.client.json.jackson.JacksonJsonpMapper().jsonProvider();
    brisk = BriskJsonProvider.instance();
    List<String> expected = List.of("a", "b");
    for (JsonProvider p : new JsonProvider[] {parsson, jackson, brisk, lookUpParsson()}) {
      if (!read(p).equals(expected)) {
        throw new IllegalStateException(p + " read " + read(p));
      }
    }
  }

  /** What JsonProvider.provider() does on each call: a ServiceLoader scan (here kept to Parsson's). */
  static JsonProvider lookUpParsson() {
    for (JsonProvider p : ServiceLoader.load(JsonProvider.class)) {
      if (p.getClass().getName().equals("org.eclipse.parsson.JsonProviderImpl")) {
        return p;
      }
    }
    throw new IllegalStateException("Parsson is not on the class path");
  }

  static List<String> read(JsonProvider provider) {
    try (JsonParser p = provider.createParser(new ByteArrayInputStream(INPUT))) {
      p.next();
      return p.getArrayStream().map(v -> ((jakarta.json.JsonString) v).getString()).collect(Collectors.toList());
    }
  }

  static long consume(JsonProvider provider) {
    try (JsonParser p = provider.createParser(new ByteArrayInputStream(INPUT))) {
      p.next();
      long n = 0;
      for (JsonValue v : (Iterable<JsonValue>) p.getArrayStream()::iterator) {
        n += ((jakarta.json.JsonString) v).getString().length();
      }
      return n;
    }
  }

  @Benchmark
  public long parssonLookupPerCall() {
    return consume(lookUpParsson());
  }

  @Benchmark
  public long parssonCached() {
    return consume(parsson);
  }

  @Benchmark
  public long clientJackson() {
    return consume(jackson);
  }

  @Benchmark
  public long brisk() {
    return consume(brisk);
  }
}
