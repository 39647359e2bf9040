package dev.brisk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.brisk.schema.Codec;
import dev.brisk.schema.JsonRecord;
import dev.brisk.schema.Schemas;
import dev.brisk.sink.NdjsonFileTransport;
import dev.brisk.sink.NdjsonFiles;
import dev.brisk.sink.Sink;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's sink example, with a schema text's codec in place of a build-time one. */
class ReadmeSinkExampleTest {
  @TempDir Path dir;

  @Test
  void theReadmeSinkExampleRuns() throws Exception {
    Path out = dir.resolve("out");
    Path dead = dir.resolve("dead.ndjson");
    Codec<JsonRecord> codec = Schemas.compile("create json schema User(name string, age int)").codec("User");
    JsonRecord user = codec.read("{\"name\":\"Ada\",\"age\":36}".getBytes(StandardCharsets.UTF_8));
    try (Sink<JsonRecord> sink = Sink.<JsonRecord>builder()
        .serializer(codec::write)
        .transport(NdjsonFileTransport.builder(out).build())
        .deadLetters(NdjsonFileTransport.singleFile(dead))
        .build()) {
      sink.put(user);
    }
    assertEquals(1, NdjsonFiles.events(NdjsonFiles.scan(out)));
    assertEquals("{\"name\":\"Ada\",\"age\":36}", Files.readString(NdjsonFiles.files(out).get(0)).strip());
    assertEquals(false, Files.exists(dead), "nothing was dead-lettered, so the file was never opened");
  }
}
