package dev.brisk.bench;

import com.alibaba.fastjson2.JSON;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brisk.bench.users.Friend;
import dev.brisk.json.Json;
import dev.brisk.json.JsonValue;
import dev.brisk.schema.Codec;
import dev.brisk.schema.Codecs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * One small document at a time, as an event pipeline reads them: where making a reader, not the
 * bytes, is much of the work. A 150-byte mixpanel-shaped event parsed into each library's tree
 * (Brisk {@code Json.parse}, Jackson {@code readTree}, fastjson2 {@code JSON.parse}), and a
 * 60-byte object read by each library's databind ({@code Friend}: Brisk's generated codec,
 * Jackson's {@code ObjectMapper}, fastjson2's {@code parseObject}). Time per operation.
 *
 * <pre>
 * java -jar brisk-bench/target/benchmarks.jar SmallEventBenchmark -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SmallEventBenchmark extends BenchmarkDefaults {
  static final byte[] EVENT = ("{\"event\":\"purchase\",\"$insert_id\":\"5f2b9c0a7d1e4\",\"time\":1700000000123,"
      + "\"properties\":{\"distinct_id\":\"user-4711\",\"amount\":12.5,\"plan\":\"free\",\"tags\":[\"eu\",\"mobile\"]}}")
      .getBytes(StandardCharsets.UTF_8);
  static final byte[] FRIEND = "{\"id\":\"1234\",\"name\":\"Zx9Pq2Lm4Nb7Vc1Xz3Kj5Hg8Fd6Sa0\"}"
      .getBytes(StandardCharsets.UTF_8);

  private final ObjectMapper jackson = new ObjectMapper();
  private final Codec<Friend> friend = Codecs.get(Friend.class);

  @Benchmark
  public JsonValue treeBrisk() {
    return Json.parse(EVENT);
  }

  @Benchmark
  public JsonNode treeJackson() throws IOException {
    return jackson.readTree(EVENT);
  }

  @Benchmark
  public Object treeFastjson2() {
    return JSON.parse(EVENT);
  }

  @Benchmark
  public Friend objectBrisk() {
    return friend.read(FRIEND);
  }

  @Benchmark
  public Friend objectJackson() throws IOException {
    return jackson.readValue(FRIEND, Friend.class);
  }

  @Benchmark
  public Friend objectFastjson2() {
    return JSON.parseObject(FRIEND, Friend.class);
  }
}
