package dev.brisk.bench;

import dev.brisk.json.Json;
import dev.brisk.orgjson.BriskMixpanelSerializer;
import dev.brisk.orgjson.OrgJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.json.JSONArray;
import org.json.JSONObject;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * An org.json batch of mixpanel-shaped messages to UTF-8 bytes, the body of an {@code /import}
 * request: {@code JSONArray.toString()} (mixpanel-java's default), a Jackson streaming walk
 * written for speed ({@link JacksonOrgJsonWalker}), and Brisk's {@code OrgJson.toBytes}; and
 * through mixpanel-java's own serializer interface, whose answer is a String: Brisk's {@code
 * BriskMixpanelSerializer} and the Jackson serializer mixpanel-java shipped for large batches
 * ({@link MixpanelJacksonSerializer}). The setup checks that all of them write the same JSON.
 *
 * <pre>
 * mvn -q -B -DskipTests package &amp;&amp; java -jar brisk-bench/target/benchmarks.jar OrgJsonBatchBenchmark
 * </pre>
 */
public class OrgJsonBatchBenchmark extends BenchmarkDefaults {
  @Param({"1", "10", "50", "100", "500", "1000", "2000"})
  public int messages;

  JSONArray batch;
  List<JSONObject> list;
  final BriskMixpanelSerializer serializer = new BriskMixpanelSerializer();
  final JacksonOrgJsonWalker jackson = new JacksonOrgJsonWalker();
  final MixpanelJacksonSerializer mixpanelJackson = new MixpanelJacksonSerializer();

  @Setup
  public void setUp() throws IOException {
    batch = MixpanelMessages.batch(7, messages);
    list = MixpanelMessages.messages(7, messages);
    var expected = Json.parse(orgJson());
    if (!expected.equals(Json.parse(jackson())) || !expected.equals(Json.parse(brisk()))
        || !expected.equals(Json.parse(briskMixpanel())) || !expected.equals(Json.parse(mixpanelJackson()))) {
      throw new IllegalStateException("the writers do not write the same JSON");
    }
  }

  @Benchmark
  public byte[] orgJson() {
    return batch.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Benchmark
  public byte[] jackson() throws IOException {
    return jackson.toBytes(batch);
  }

  @Benchmark
  public byte[] brisk() {
    return OrgJson.toBytes(batch);
  }

  /** The same messages through mixpanel-java's serializer interface, as a String (what it sends). */
  @Benchmark
  public String briskMixpanel() {
    return serializer.serializeArray(list);
  }

  /** The same messages through the Jackson serializer mixpanel-java shipped, as a String. */
  @Benchmark
  public String mixpanelJackson() throws IOException {
    return mixpanelJackson.serializeArray(list);
  }
}
