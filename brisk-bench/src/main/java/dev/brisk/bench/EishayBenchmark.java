package dev.brisk.bench;

import com.dslplatform.json.DslJson;
import com.dslplatform.json.runtime.Settings;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brisk.bench.eishay.Image;
import dev.brisk.bench.eishay.Media;
import dev.brisk.bench.eishay.MediaContent;
import dev.brisk.json.Json;
import dev.brisk.json.JsonWriter;
import dev.brisk.schema.Codec;
import dev.brisk.schema.Codecs;
import io.avaje.jsonb.JsonType;
import io.avaje.jsonb.Jsonb;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * fastjson2's own benchmark, on its own document: "Eishay" ({@code EishayParseUTF8Bytes} and
 * {@code EishayWriteUTF8Bytes} in fastjson2's benchmark module), the media content of the
 * jvm-serializers project, 469 bytes of compact UTF-8 with two images, a video, enums and a list of
 * strings. Each library reads the bytes into {@link MediaContent} objects ({@code read…}) and writes
 * those objects to a fresh {@code byte[]} ({@code write…}). The libraries are the databind peers of
 * {@link UsersReadBenchmark} that map this model without configuration; DSL-JSON once, as the
 * document has no doubles for its precision setting to change.
 *
 * <p>The setup checks that every library read the objects this class builds by hand and wrote the
 * document (compared as trees: member order may differ), and fails if one did not.
 *
 * <pre>
 * java -jar brisk-bench/target/benchmarks.jar EishayBenchmark
 * </pre>
 */
public class EishayBenchmark extends BenchmarkDefaults {
  /** The libraries, as the benchmark methods' names have them after "read" and "write". */
  static final String[] LIBRARIES = {"Brisk", "Jackson", "DslJson", "Fastjson2", "Wast", "AvajeJsonb"};

  final byte[] bytes = document();
  final MediaContent content = expected();

  final Codec<MediaContent> brisk = Codecs.get(MediaContent.class);
  final ObjectMapper jackson = new ObjectMapper();
  final DslJson<Object> dslJson = new DslJson<>(Settings.withRuntime().includeServiceLoader());
  final com.dslplatform.json.JsonWriter dslWriter = dslJson.newWriter();
  final JsonType<MediaContent> avaje = Jsonb.builder().build().type(MediaContent.class);

  /** The objects of fastjson2's {@code eishay_compact.json}, built by hand. */
  static MediaContent expected() {
    MediaContent c = new MediaContent();
    c.images = new ArrayList<>(List.of(
        image(768, Image.Size.LARGE, "http://javaone.com/keynote_large.jpg", 1024),
        image(240, Image.Size.SMALL, "http://javaone.com/keynote_small.jpg", 320)));
    Media m = new Media();
    m.bitrate = 262_144;
    m.duration = 18_000_000;
    m.format = "video/mpg4";
    m.height = 480;
    m.persons = new ArrayList<>(List.of("Bill Gates", "Steve Jobs"));
    m.player = Media.Player.JAVA;
    m.size = 58_982_400;
    m.title = "Javaone Keynote";
    m.uri = "http://javaone.com/keynote.mpg";
    m.width = 640;
    c.media = m;
    return c;
  }

  private static Image image(int height, Image.Size size, String uri, int width) {
    Image i = new Image();
    i.height = height;
    i.size = size;
    i.title = "Javaone Keynote";
    i.uri = uri;
    i.width = width;
    return i;
  }

  /**
   * fastjson2's {@code eishay_compact.json} without its final line feed: {@link #expected()}
   * written member by member with the core writer (not with a codec under test), in the file's
   * order.
   */
  static byte[] document() {
    MediaContent c = expected();
    return JsonWriter.toBytes(w -> {
      w.beginObject().name("images").beginArray();
      for (Image i : c.images) {
        w.beginObject().member("height", i.height).member("size", i.size.name()).member("title", i.title)
            .member("uri", i.uri).member("width", i.width).endObject();
      }
      Media m = c.media;
      w.endArray().name("media").beginObject().member("bitrate", m.bitrate).member("duration", m.duration)
          .member("format", m.format).member("height", m.height).name("persons").beginArray();
      for (String p : m.persons) {
        w.value(p);
      }
      w.endArray().member("player", m.player.name()).member("size", m.size).member("title", m.title)
          .member("uri", m.uri).member("width", m.width).endObject().endObject();
    });
  }

  @Setup
  public void setUp() throws Exception {
    List<String[]> read = new ArrayList<>();
    List<String[]> written = new ArrayList<>();
    for (String library : LIBRARIES) {
      Object got = getClass().getMethod("read" + library).invoke(this);
      read.add(new String[] {library, Objects.equals(content, got) ? null : "read " + got});
      byte[] out = (byte[]) getClass().getMethod("write" + library).invoke(this);
      written.add(new String[] {library, Json.parse(out).equals(Json.parse(bytes)) ? null : "wrote " + new String(out, java.nio.charset.StandardCharsets.UTF_8)});
    }
    Exactness.report("eishay read", read);
    Exactness.report("eishay write", written);
    for (List<String[]> results : List.of(read, written)) {
      for (String[] r : results) {
        if (r[1] != null) {
          throw new IllegalStateException(r[0] + " does not do the benchmark's work: " + r[1]);
        }
      }
    }
  }

  @Benchmark
  public MediaContent readBrisk() {
    return brisk.read(bytes);
  }

  @Benchmark
  public MediaContent readJackson() throws IOException {
    return jackson.readValue(bytes, MediaContent.class);
  }

  @Benchmark
  public MediaContent readDslJson() throws IOException {
    return dslJson.deserialize(MediaContent.class, bytes, bytes.length);
  }

  @Benchmark
  public MediaContent readFastjson2() {
    return com.alibaba.fastjson2.JSON.parseObject(bytes, MediaContent.class);
  }

  @Benchmark
  public MediaContent readWast() {
    return io.github.wycst.wast.json.JSON.parseObject(bytes, MediaContent.class);
  }

  @Benchmark
  public MediaContent readAvajeJsonb() {
    return avaje.fromJson(bytes);
  }

  @Benchmark
  public byte[] writeBrisk() {
    return brisk.write(content);
  }

  @Benchmark
  public byte[] writeJackson() throws IOException {
    return jackson.writeValueAsBytes(content);
  }

  @Benchmark
  public byte[] writeDslJson() throws IOException {
    dslWriter.reset();
    dslJson.serialize(dslWriter, content);
    return dslWriter.toByteArray();
  }

  @Benchmark
  public byte[] writeFastjson2() {
    return com.alibaba.fastjson2.JSON.toJSONBytes(content);
  }

  @Benchmark
  public byte[] writeWast() {
    return io.github.wycst.wast.json.JSON.toJsonBytes(content);
  }

  @Benchmark
  public byte[] writeAvajeJsonb() {
    return avaje.toJsonBytes(content);
  }
}
