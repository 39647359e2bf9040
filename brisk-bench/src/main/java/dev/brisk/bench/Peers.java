package dev.brisk.bench;

import com.dslplatform.json.DslJson;
import com.dslplatform.json.runtime.Settings;
import com.espertech.esper.common.client.EPCompiled;
import com.espertech.esper.common.client.configuration.Configuration;
import com.espertech.esper.common.client.json.util.EventSenderJson;
import com.espertech.esper.compiler.client.CompilerArguments;
import com.espertech.esper.compiler.client.EPCompilerProvider;
import com.espertech.esper.runtime.client.EPRuntime;
import com.espertech.esper.runtime.client.EPRuntimeProvider;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.module.afterburner.AfterburnerModule;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import com.google.gson.Gson;
import dev.brisk.bench.users.Users;
import dev.brisk.schema.Codec;
import dev.brisk.schema.Codecs;
import dev.brisk.schema.JsonRecord;
import dev.brisk.schema.Schemas;
import io.avaje.jsonb.JsonType;
import io.avaje.jsonb.Jsonb;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Every library of the databind benchmarks, set up once as its documentation recommends: one
 * shared, thread-safe mapper or codec per library.
 */
final class Peers {
  /**
   * The seed's schema text (../shared/seeds/002), with one change: the seed's data has a boolean
   * isActive where its schema says string, and Brisk is strict by default, so isActive is a
   * boolean here as in the Java model. Esper gets the seed's text with {@code index} in
   * backquotes, which Esper 9 requires ({@code index} is one of its keywords); Brisk takes both.
   */
  static final String SEED_SCHEMA = resource("/users.schema");

  static final String BRISK_SCHEMA = SEED_SCHEMA.replace("isActive string", "isActive boolean");

  final Codec<Users> briskCodec = Codecs.get(Users.class);
  final Codec<JsonRecord> briskSchema = Schemas.compile(BRISK_SCHEMA).codec("Users");
  final ObjectMapper jackson = new ObjectMapper();
  final ObjectMapper afterburner = new ObjectMapper().registerModule(new AfterburnerModule());
  final ObjectMapper blackbird = new ObjectMapper().registerModule(new BlackbirdModule());
  final Gson gson = new Gson();
  final DslJson<Object> dslJsonExact =
      new DslJson<>(Settings.withRuntime().includeServiceLoader()
          .doublePrecision(com.dslplatform.json.JsonReader.DoublePrecision.EXACT));
  final DslJson<Object> dslJson = new DslJson<>(Settings.withRuntime().includeServiceLoader());
  final JsonType<Users> avaje = Jsonb.builder().build().type(Users.class);

  static String resource(String name) {
    try (InputStream in = Peers.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Esper 9's compiled JSON event type for the seed schema, and its event sender. */
  static EventSenderJson esper() {
    try {
      Configuration config = new Configuration();
      String epl = SEED_SCHEMA.replace("create json schema", "@public @buseventtype create json schema")
          .replace("  index int,", "  `index` int,");
      EPCompiled compiled = EPCompilerProvider.getCompiler().compile(epl, new CompilerArguments(config));
      EPRuntime runtime = EPRuntimeProvider.getRuntime("brisk-bench-" + System.nanoTime(), config);
      runtime.getDeploymentService().deploy(compiled);
      return (EventSenderJson) runtime.getEventService().getEventSender("Users");
    } catch (Exception e) {
      throw new IllegalStateException("Esper setup failed", e);
    }
  }
}
