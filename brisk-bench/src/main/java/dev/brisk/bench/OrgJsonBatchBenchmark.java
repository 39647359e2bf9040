package dev.brisk.bench;

import dev.brisk.json.Json;
import dev.brisk.orgjson.BriskMixpanelSerializer;
import dev.brisk.orgjson.OrgJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.json.JSONArray;
import org.json.JSONObject;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * An org.json batch of mixpanel-shaped messages to UTF-8 bytes, the body of an {@code /import}
 * request: {@code JSONArray.toString()} (mixpanel-java's default; also by org.json
 * {@value MixpanelOrgJson#VERSION}, the version mixpanel-java 1.6.1 declares, see {@link
 * MixpanelOrgJson}), a Jackson streaming walk
 * written for speed ({@link JacksonOrgJsonWalker}), and Brisk's {@code OrgJson.toBytes}; and
 * through mixpanel-java's own serializer interface, whose answer is a String: Brisk's {@code
 * BriskMixpanelSerializer} and the Jackson serializer mixpanel-java shipped for large batches
 * ({@link MixpanelJacksonSerializer}). And to a stream, as an HTTP body is written: Brisk's {@code
 * OrgJson.write(Object, OutputStream)} beside the Jackson walk through a generator over the
 * stream (a stream that only counts the bytes). The setup checks that all of them write the same
 * JSON. Beside them, as a floor rather than a peer, {@link #walkOnly}: the walk without writing.
 *
 * <pre>
 * mvn -q -B -DskipTests package &amp;&amp; java -jar brisk-bench/target/benchmarks.jar OrgJsonBatchBenchmark
 * </pre>
 */
public class OrgJsonBatchBenchmark extends BenchmarkDefaults {
  @Param({"1", "10", "50", "100", "500", "1000", "2000"})
  public int messages;

  JSONArray batch;
  /** The same batch in org.json {@value MixpanelOrgJson#VERSION}, mixpanel-java 1.6.1's version. */
  Object mixpanelBatch;
  List<JSONObject> list;
  final BriskMixpanelSerializer serializer = new BriskMixpanelSerializer();
  final JacksonOrgJsonWalker jackson = new JacksonOrgJsonWalker();
  final MixpanelJacksonSerializer mixpanelJackson = new MixpanelJacksonSerializer();
  final Counting counting = new Counting();
  final Walk walker = new Walk();

  @Setup
  public void setUp() throws IOException {
    batch = MixpanelMessages.batch(7, messages);
    list = MixpanelMessages.messages(7, messages);
    var expected = Json.parse(orgJson());
    if (!expected.equals(Json.parse(jackson())) || !expected.equals(Json.parse(brisk()))
        || !expected.equals(Json.parse(briskMixpanel())) || !expected.equals(Json.parse(mixpanelJackson()))
        || !expected.equals(Json.parse(streamed(true))) || !expected.equals(Json.parse(streamed(false)))) {
      throw new IllegalStateException("the writers do not write the same JSON");
    }
    mixpanelBatch = MixpanelOrgJson.INSTANCE.copy(batch);
    if (!mixpanelBatch.toString().equals(batch.toString())) {
      throw new IllegalStateException("org.json " + MixpanelOrgJson.VERSION + " writes another text");
    }
  }

  @Benchmark
  public byte[] orgJson() {
    return batch.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * {@link #orgJson} by org.json {@value MixpanelOrgJson#VERSION}, the version mixpanel-java 1.6.1
   * declares, on the same batch: the same text (checked in the setup).
   */
  @Benchmark
  public byte[] orgJsonMixpanel() {
    return mixpanelBatch.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Benchmark
  public byte[] jackson() throws IOException {
    return jackson.toBytes(batch);
  }

  @Benchmark
  public byte[] brisk() {
    return OrgJson.toBytes(batch);
  }

  /**
   * Not a serializer: the floor under any that walks the batch as Brisk's does. It visits every
   * member and element the way {@code OrgJson}'s walk does (a {@code JSONObject}'s own map by
   * {@code forEach}, a {@code JSONArray} by index), looks at each name and scalar, and writes
   * nothing; it returns the number of names and values visited (the sum of the string lengths and
   * numbers it read goes to the Blackhole, so that the JIT keeps those reads). A writer of these
   * objects can be no faster than this, so {@code toString()}'s time over this one's bounds the
   * ratio to {@code toString()} that any writer could reach.
   */
  @Benchmark
  public long walkOnly(Blackhole bh) {
    long n = walker.visit(batch);
    bh.consume(walker.sum);
    return n;
  }

  /** {@link #walkOnly}'s visitor: counts names and values, and sums string lengths and numbers. */
  static final class Walk implements BiConsumer<Object, Object> {
    private static final MethodHandle MAP = map();
    long visited;
    long sum;

    private static MethodHandle map() {
      try {
        Field f = JSONObject.class.getDeclaredField("map");
        f.setAccessible(true);
        return MethodHandles.lookup().unreflectGetter(f)
            .asType(MethodType.methodType(Map.class, JSONObject.class));
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("org.json's JSONObject has no field map", e);
      }
    }

    long visit(Object v) {
      visited = 0;
      sum = 0;
      value(v);
      return visited;
    }

    @Override
    public void accept(Object name, Object value) {
      visited++;
      sum += ((String) name).length();
      value(value);
    }

    private void value(Object v) {
      visited++;
      if (v instanceof String) {
        sum += ((String) v).length();
      } else if (v instanceof Number) {
        sum += ((Number) v).longValue();
      } else if (v instanceof Boolean) {
        sum += ((Boolean) v) ? 1 : 0;
      } else if (v instanceof JSONObject) {
        Map<?, ?> m;
        try {
          m = (Map<?, ?>) MAP.invokeExact((JSONObject) v);
        } catch (Throwable t) {
          throw new IllegalStateException(t);
        }
        m.forEach(this);
      } else if (v instanceof JSONArray) {
        JSONArray a = (JSONArray) v;
        for (int i = 0, n = a.length(); i < n; i++) {
          value(a.opt(i));
        }
      }
    }
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

  /** The same batch to a stream by Brisk's {@code OrgJson.write}; returns the bytes written. */
  @Benchmark
  public long briskStream() {
    counting.count = 0;
    OrgJson.write(batch, counting);
    return counting.count;
  }

  /** The same batch to a stream by the Jackson walk, through a generator over the stream. */
  @Benchmark
  public long jacksonStream() throws IOException {
    counting.count = 0;
    jackson.write(batch, counting);
    return counting.count;
  }

  /** What the stream benchmarks write, collected: by Brisk when {@code brisk}, else by Jackson. */
  byte[] streamed(boolean brisk) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (brisk) {
      OrgJson.write(batch, out);
    } else {
      jackson.write(batch, out);
    }
    return out.toByteArray();
  }

  /** A stream that keeps nothing and counts the bytes it is given. */
  static final class Counting extends OutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }
}
