package dev.brisk.cli;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonObject;
import dev.brisk.json.JsonValue;
import dev.brisk.opensearch.OpenSearchFixture;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * {@code brisk opensearch start|stop|status}: the local OpenSearch the tests and {@code demo
 * --opensearch} use, left running for users who want to try {@code ship} against a real server.
 *
 * <p>{@code start} runs the server detached (it outlives the command) and records its pid, address
 * and version in {@code DIR/brisk-opensearch.properties}; {@code status} and {@code stop} find it
 * there. The data stays in {@code DIR} across stop and start until {@code stop --purge}.
 */
@Command(
    name = "opensearch",
    mixinStandardHelpOptions = true,
    description = {
      "Start, stop or ask about a local single-node OpenSearch: the integ-test distribution from"
          + " Maven Central that the build fetched, run on 127.0.0.1 with its data in --dir.",
      "When run as root the server runs as the system user brisk-opensearch (created if missing):"
          + " OpenSearch refuses root. It needs a JDK 21+ (found in /usr/lib/jvm or OPENSEARCH_JAVA_HOME).",
      "Example:",
      "  brisk opensearch start",
      "  brisk ship events.ndjson --to http://127.0.0.1:9200/events",
      "  brisk opensearch stop"
    },
    subcommands = {OpenSearchCommand.Start.class, OpenSearchCommand.Stop.class, OpenSearchCommand.Status.class},
    footer = {"", "Exit codes: 0 ok (status: running and answering), 1 the server failed to start,"
        + " 2 usage, 3 status: not running or not answering (as LSB's status)."})
final class OpenSearchCommand implements Callable<Integer> {
  static final String STATE_FILE = "brisk-opensearch.properties";

  /** {@code --dir}, on each verb. */
  static final class DirOption {
    @Option(names = "--dir", paramLabel = "DIR",
        description = "The server's folder: data, logs, pid (default: ${DEFAULT-VALUE}).",
        defaultValue = "${sys:java.io.tmpdir}/brisk-opensearch/server")
    Path dir;
  }

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return Main.USAGE;
  }

  /** The recorded server, if {@code start} wrote one. */
  static Optional<Properties> state(Path dir) throws IOException {
    Path file = dir.resolve(STATE_FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    }
    return Optional.of(p);
  }

  /**
   * The recorded server's process while it lives. A pid is reused after a reboot: the process must
   * also be the one that runs on this folder (its command line names {@code DIR/data}), so that
   * {@code stop} never signals a stranger. Where the command line cannot be read, the pid is trusted.
   */
  static Optional<ProcessHandle> alive(Properties state, Path dir) {
    String data = dir.resolve("data").toString();
    try {
      return ProcessHandle.of(Long.parseLong(state.getProperty("pid", "-1")))
          .filter(ProcessHandle::isAlive)
          .filter(h -> h.info().commandLine().map(c -> c.contains(data)).orElse(true));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** The cluster's health status (green, yellow, red), or empty when the server does not answer. */
  static Optional<String> health(URI uri) {
    try {
      HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
      HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri.resolve("/_cluster/health"))
          .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 200) {
        return Optional.empty();
      }
      JsonValue v = Json.parse(r.body());
      return v instanceof JsonObject o && o.has("status") ? Optional.of(o.getString("status")) : Optional.empty();
    } catch (IOException | JsonException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  /** {@code brisk opensearch start}. */
  @Command(name = "start", mixinStandardHelpOptions = true,
      description = "Start the server in the background and return when the cluster is yellow or green."
          + " Nothing is done when the one recorded in --dir is running already.")
  static final class Start implements Callable<Integer> {
    @Mixin DirOption where;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--port", defaultValue = "9200", paramLabel = "PORT",
        description = "HTTP port on 127.0.0.1 (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--heap", defaultValue = "512m", paramLabel = "SIZE",
        description = "The server's heap, -Xms and -Xmx (default: ${DEFAULT-VALUE}).")
    String heap;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      PrintWriter err = spec.commandLine().getErr();
      Path dir = where.dir.toAbsolutePath();
      Optional<Properties> old = state(dir);
      if (old.isPresent() && alive(old.get(), dir).isPresent()) {
        out.printf("OpenSearch is running already at %s (pid %s, data in %s)%n",
            old.get().getProperty("url"), old.get().getProperty("pid"), dir);
        return Main.OK;
      }
      if (port < 1 || port > 65535) {
        err.println("opensearch start: --port must be 1..65535, not " + port);
        return Main.USAGE;
      }
      Files.createDirectories(dir);
      long t0 = System.nanoTime();
      OpenSearchFixture os;
      try {
        os = OpenSearchFixture.builder().directory(dir).httpPort(port).heap(heap).detached(true).build();
        out.printf("starting OpenSearch on 127.0.0.1:%d, data in %s ...%n", port, dir);
        out.flush();
        os.start();
      } catch (IOException e) {
        err.println("opensearch start: " + e.getMessage());
        return Main.BAD_INPUT;
      }
      Properties p = new Properties();
      p.setProperty("pid", Long.toString(os.pid()));
      p.setProperty("url", os.uri().toString());
      p.setProperty("version", os.version());
      Path file = dir.resolve(STATE_FILE);
      try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        p.store(w, "written by brisk opensearch start; read by status and stop");
      }
      out.printf(Locale.ROOT, "OpenSearch %s is running at %s (pid %d), started in %.1f s%n",
          p.getProperty("version"), os.uri(), os.pid(), (System.nanoTime() - t0) / 1e9);
      out.printf("try: brisk ship FILE --to %s/INDEX   stop: brisk opensearch stop%s%n", os.uri(),
          spec.commandLine().getParseResult().hasMatchedOption("--dir") ? " --dir " + dir : "");
      return Main.OK;
    }
  }

  /** {@code brisk opensearch status}. */
  @Command(name = "status", mixinStandardHelpOptions = true,
      description = "Say whether the server recorded in --dir is running and answering, with its address,"
          + " pid and cluster health. Exit 0 when it answers, 3 when not.")
  static final class Status implements Callable<Integer> {
    @Mixin DirOption where;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      Path dir = where.dir.toAbsolutePath();
      Optional<Properties> s = state(dir);
      if (s.isEmpty()) {
        out.printf("OpenSearch is not running (no server started by brisk opensearch start in %s)%n", dir);
        return Main.DELIVERY_FAILED;
      }
      Properties p = s.get();
      if (alive(p, dir).isEmpty()) {
        out.printf("OpenSearch is not running: pid %s (started at %s) has exited or is another process now; its log: %s%n",
            p.getProperty("pid"), p.getProperty("url"), dir.resolve("console.log"));
        return Main.DELIVERY_FAILED;
      }
      URI uri = URI.create(p.getProperty("url"));
      Optional<String> health = health(uri);
      if (health.isEmpty()) {
        out.printf("OpenSearch pid %s is alive but does not answer at %s; its log: %s%n",
            p.getProperty("pid"), uri, dir.resolve("console.log"));
        return Main.DELIVERY_FAILED;
      }
      out.printf("OpenSearch %s is running at %s (pid %s, cluster %s, data in %s)%n",
          p.getProperty("version"), uri, p.getProperty("pid"), health.get(), dir);
      return Main.OK;
    }
  }

  /** {@code brisk opensearch stop}. */
  @Command(name = "stop", mixinStandardHelpOptions = true,
      description = "Stop the server recorded in --dir (SIGTERM, then SIGKILL after --timeout). Its data stays"
          + " for the next start unless --purge. Nothing is done when it is not running.")
  static final class Stop implements Callable<Integer> {
    @Mixin DirOption where;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--purge", description = "Delete --dir too: the indices, logs and all.")
    boolean purge;

    @Option(names = "--timeout", defaultValue = "60", paramLabel = "SECONDS",
        description = "How long a clean shutdown may take before the server is killed (default: ${DEFAULT-VALUE}).")
    long timeout;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      Path dir = where.dir.toAbsolutePath();
      Optional<Properties> s = state(dir);
      Optional<ProcessHandle> h = s.flatMap(p -> alive(p, dir));
      if (h.isPresent()) {
        long t0 = System.nanoTime();
        h.get().destroy(); // SIGTERM: OpenSearch shuts down cleanly
        String how = "stopped";
        try {
          h.get().onExit().get(timeout, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
          h.get().destroyForcibly();
          h.get().onExit().join();
          how = "killed (no clean shutdown within " + timeout + " s)";
        }
        out.printf(Locale.ROOT, "OpenSearch at %s (pid %d) %s in %.1f s%n", s.get().getProperty("url"),
            h.get().pid(), how, (System.nanoTime() - t0) / 1e9);
      } else {
        out.printf("OpenSearch is not running (data in %s)%n", dir);
      }
      if (Files.isDirectory(dir)) { // a --dir that is a file holds no state: nothing was running
        Files.deleteIfExists(dir.resolve(STATE_FILE));
      }
      if (purge && Files.isDirectory(dir)) {
        try (Stream<Path> all = Files.walk(dir)) {
          for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
            Files.deleteIfExists(p);
          }
        }
        out.printf("deleted %s%n", dir);
      }
      return Main.OK;
    }
  }
}
