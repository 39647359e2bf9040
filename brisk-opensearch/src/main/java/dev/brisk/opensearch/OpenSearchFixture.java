package dev.brisk.opensearch;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Runs a real single-node OpenSearch for tests and the demo: the integ-test distribution from
 * Maven Central (the build fetches it into the local Maven repository), unpacked once into the
 * temporary folder, started on free loopback ports ({@link #freeLoopbackPort}) with its own data
 * folder. When a port is taken between the choice and the bind, the server is started again.
 *
 * <pre>{@code
 * try (OpenSearchFixture os = OpenSearchFixture.builder().build()) {
 *   os.start();
 *   URI uri = os.uri();          // http://127.0.0.1:<port>
 *   os.kill();                   // SIGKILL, as a crash would
 *   os.start();                  // again, same port, same data
 * }
 * }</pre>
 *
 * <p>OpenSearch refuses to run as root: when this JVM is root, the server runs as the system user
 * {@code brisk-opensearch}, created when missing ({@code useradd}) and started through {@code
 * runuser}. OpenSearch 3 needs a JDK 21 or newer: the fixture takes {@link Builder#javaHome},
 * else {@code OPENSEARCH_JAVA_HOME}, else the newest JDK 21+ it finds beside the running one (in
 * {@code /usr/lib/jvm}), and says so when there is none.
 *
 * <p>Not thread-safe: one thread starts, kills and stops it. A shutdown hook kills a server left
 * running, unless it was built {@link Builder#detached detached}.
 */
public final class OpenSearchFixture implements AutoCloseable {
  private static final String USER = "brisk-opensearch";

  private final String version;
  private final Path zip;
  private final Path javaHome;
  private final String heap;
  private final Map<String, String> settings;
  private final Duration startTimeout;
  private final boolean detached;
  private final int fixedPort;

  private final Path run;
  private Path home;
  private volatile int httpPort; // volatile: uri() may be read from another thread while start() runs
  private Process process;
  private long pid = -1;
  private Thread hook;

  private OpenSearchFixture(Builder b) throws IOException {
    this.version = b.version;
    this.zip = b.zip != null ? b.zip : localRepositoryZip(b.version);
    this.javaHome = b.javaHome != null ? b.javaHome : findJavaHome();
    this.heap = b.heap;
    this.settings = new LinkedHashMap<>(b.settings);
    this.startTimeout = b.startTimeout;
    this.detached = b.detached;
    this.fixedPort = b.httpPort;
    this.run = b.directory != null ? b.directory.toAbsolutePath()
        : Path.of(System.getProperty("java.io.tmpdir"), "brisk-opensearch", "run-" + UUID.randomUUID());
  }

  /** A builder; the version defaults to the build's ({@code brisk.opensearch.version}) or 3.6.0. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Starts the server (again, after {@link #kill} or {@link #stop}, on the same port and data)
   * and returns when the cluster is yellow or green.
   */
  public void start() throws IOException, InterruptedException {
    if (isRunning()) {
      throw new IllegalStateException("OpenSearch is running already at " + uri());
    }
    boolean first = home == null;
    if (first) {
      if (fixedPort > 0 && !isFree(fixedPort)) {
        throw new IOException("port " + fixedPort + " on 127.0.0.1 is in use; choose another HTTP port");
      }
      home = unpack();
      Files.createDirectories(run.resolve("data"));
      Files.createDirectories(run.resolve("logs"));
      Files.createDirectories(run.resolve("tmp"));
      httpPort = fixedPort > 0 ? fixedPort : freeLoopbackPort();
      if (isRoot()) {
        ensureUser();
        exec("chown", "-R", USER + ":" + USER, run.toString()); // once: the server's files are its own
      }
    }
    // A port found free can be taken before the server binds it, seconds later. Then the server
    // exits, and it is started again: on new ports when it may choose, else on the same HTTP port
    // once that is free again (a restart must keep the address its clients know).
    for (int attempt = 1; ; attempt++) {
      try {
        launch();
        return;
      } catch (PortTaken e) {
        if (attempt == START_ATTEMPTS) {
          throw e;
        }
        if (e.http && first && fixedPort == 0) {
          httpPort = freeLoopbackPort();
        } else if (e.http) {
          for (int i = 0; i < 50 && !isFree(httpPort); i++) {
            Thread.sleep(200);
          }
        }
      }
    }
  }

  private static final int START_ATTEMPTS = 3;

  /** The server exited while starting because a port it was to listen on was taken. */
  private static final class PortTaken extends IOException {
    final boolean http;

    PortTaken(String message, boolean http) {
      super(message);
      this.http = http;
    }
  }

  private void launch() throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    if (detached && Files.isExecutable(Path.of("/usr/bin/setsid"))) {
      // Its own session: a terminal's Ctrl-C or hang-up after this JVM is gone does not reach it.
      cmd.add("/usr/bin/setsid");
    }
    if (isRoot()) {
      cmd.addAll(List.of("runuser", "-u", USER, "--"));
    }
    cmd.add("env");
    cmd.add("OPENSEARCH_JAVA_HOME=" + javaHome);
    cmd.add("OPENSEARCH_JAVA_OPTS=-Xms" + heap + " -Xmx" + heap);
    cmd.add("OPENSEARCH_TMPDIR=" + run.resolve("tmp"));
    cmd.add(home.resolve("bin/opensearch").toString());
    cmd.add("-p");
    cmd.add(run.resolve("pid").toString());
    Map<String, String> all = new LinkedHashMap<>();
    all.put("cluster.name", "brisk-fixture");
    all.put("node.name", "brisk-node");
    all.put("discovery.type", "single-node");
    all.put("network.host", "127.0.0.1");
    all.put("http.port", Integer.toString(httpPort));
    all.put("transport.port", Integer.toString(freeLoopbackPort()));
    all.put("path.data", run.resolve("data").toString());
    all.put("path.logs", run.resolve("logs").toString());
    all.put("cluster.routing.allocation.disk.threshold_enabled", "false");
    all.putAll(settings);
    for (Map.Entry<String, String> e : all.entrySet()) {
      cmd.add("-E");
      cmd.add(e.getKey() + "=" + e.getValue());
    }
    Files.deleteIfExists(run.resolve("pid"));
    Path console = run.resolve("console.log");
    long consoleFrom = Files.exists(console) ? Files.size(console) : 0;
    process = new ProcessBuilder(cmd)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(console.toFile()))
        .start();
    if (hook == null && !detached) {
      hook = new Thread(this::killQuietly, "brisk-opensearch-fixture-stop");
      Runtime.getRuntime().addShutdownHook(hook);
    }
    awaitReady(consoleFrom);
  }

  private void awaitReady(long consoleFrom) throws IOException, InterruptedException {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    long deadline = System.nanoTime() + startTimeout.toNanos();
    HttpRequest health = HttpRequest.newBuilder(uri().resolve("/_cluster/health?wait_for_status=yellow&timeout=2s"))
        .timeout(Duration.ofSeconds(10)).build();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        String message = "OpenSearch " + version + " exited with " + process.exitValue()
            + " while starting; the end of its output (" + run.resolve("console.log") + "):\n" + tail(40);
        String output = outputSince(consoleFrom);
        if (output.contains("BindHttpException")) {
          throw new PortTaken(message, true);
        } else if (output.contains("BindTransportException")) {
          throw new PortTaken(message, false);
        }
        throw new IOException(message);
      }
      try {
        HttpResponse<String> r = client.send(health, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200) {
          pid = readPid();
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(500);
    }
    killQuietly();
    throw new IOException("OpenSearch " + version + " did not become ready within " + startTimeout
        + "; the end of its output:\n" + tail(40));
  }

  /** What the server wrote to its console from byte {@code from} on. */
  private String outputSince(long from) throws IOException {
    byte[] all = Files.readAllBytes(run.resolve("console.log"));
    int start = (int) Math.min(from, all.length);
    return new String(all, start, all.length - start, StandardCharsets.UTF_8);
  }

  private long readPid() throws IOException, InterruptedException {
    Path file = run.resolve("pid");
    for (int i = 0; i < 100 && !Files.exists(file); i++) {
      Thread.sleep(50);
    }
    return Long.parseLong(Files.readString(file).trim());
  }

  /** The HTTP address, {@code http://127.0.0.1:<port>}; fixed for the life of the fixture. */
  public URI uri() {
    if (httpPort == 0) {
      throw new IllegalStateException("not started yet");
    }
    return URI.create("http://127.0.0.1:" + httpPort);
  }

  /** The OpenSearch version this fixture runs. */
  public String version() {
    return version;
  }

  /** The server's process id once it is ready ({@code -1} before). */
  public long pid() {
    return pid;
  }

  /** The folder that holds the server's data, logs, console output and pid file. */
  public Path directory() {
    return run;
  }

  /** Whether the server process is alive. */
  public boolean isRunning() {
    return process != null && process.isAlive() && (pid < 0 || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
  }

  /** Kills the server with SIGKILL, as a crash or {@code kill -9} would, and waits until it is gone. */
  public void kill() throws InterruptedException {
    if (pid > 0) {
      Optional<ProcessHandle> h = ProcessHandle.of(pid);
      if (h.isPresent()) {
        h.get().destroyForcibly(); // SIGKILL
        h.get().onExit().join();
      }
    }
    if (process != null) {
      process.destroyForcibly();
      process.waitFor();
    }
  }

  /** Stops the server with SIGTERM (a clean shutdown), waiting up to 60 s before killing it. */
  public void stop() throws InterruptedException {
    if (pid > 0) {
      Optional<ProcessHandle> h = ProcessHandle.of(pid);
      if (h.isPresent()) {
        h.get().destroy(); // SIGTERM
        try {
          h.get().onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
          h.get().destroyForcibly();
        }
      }
    }
    if (process != null) {
      process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
      process.destroyForcibly();
    }
  }

  private void killQuietly() {
    try {
      kill();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops the server and deletes its data. */
  @Override
  public void close() throws IOException {
    try {
      stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      killQuietly();
    }
    if (hook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // shutting down already
      }
    }
    if (Files.exists(run)) {
      try (Stream<Path> s = Files.walk(run)) {
        for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /** The last lines of the server's console output, for messages. */
  public String tail(int lines) {
    try {
      List<String> all = Files.readAllLines(run.resolve("console.log"), StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no output: " + e.getMessage() + ")";
    }
  }

  // ---------------------------------------------------------------------------------------------

  private Path unpack() throws IOException, InterruptedException {
    Path base = Path.of(System.getProperty("java.io.tmpdir"), "brisk-opensearch", "opensearch-" + version);
    Path done = base.resolve(".unpacked");
    if (!Files.exists(done)) {
      Path tmp = Files.createDirectories(base.resolveSibling("unpacking-" + UUID.randomUUID()));
      try (InputStream in = Files.newInputStream(zip); ZipInputStream z = new ZipInputStream(in)) {
        ZipEntry e;
        while ((e = z.getNextEntry()) != null) {
          Path target = tmp.resolve(e.getName()).normalize();
          if (!target.startsWith(tmp)) {
            throw new IOException("zip entry outside its folder: " + e.getName());
          }
          if (e.isDirectory()) {
            Files.createDirectories(target);
          } else {
            Files.createDirectories(target.getParent());
            Files.copy(z, target, StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
      // java.util.zip does not keep Unix modes: the scripts must be executable.
      try (Stream<Path> top = Files.list(tmp)) {
        Path root = top.findFirst().orElseThrow(() -> new IOException(zip + " is empty"));
        try (Stream<Path> bins = Files.list(root.resolve("bin"))) {
          for (Path p : bins.toList()) {
            p.toFile().setExecutable(true, false);
          }
        }
        Files.createDirectories(base.getParent());
        if (Files.exists(base)) {
          exec("rm", "-rf", base.toString());
        }
        Files.move(root, base);
      }
      Files.delete(tmp);
      Files.writeString(done, zip.toString());
    }
    if (isRoot()) {
      ensureUser();
      exec("chown", "-R", USER + ":" + USER, base.toString());
    }
    return base;
  }

  private static Path localRepositoryZip(String version) throws IOException {
    String repo = System.getProperty("brisk.opensearch.repository");
    Path root = repo != null ? Path.of(repo) : Path.of(System.getProperty("user.home"), ".m2", "repository");
    Path zip = root.resolve("org/opensearch/distribution/integ-test-zip/opensearch")
        .resolve(version).resolve("opensearch-" + version + ".zip");
    if (!Files.isRegularFile(zip)) {
      throw new IOException("OpenSearch " + version + " is not in the local Maven repository (" + zip + "); the build"
          + " fetches it: run mvn -pl brisk-opensearch test-compile, or give the zip with builder().zip(path)");
    }
    return zip;
  }

  /** The newest JDK 21+ beside the running one, or the running one if it is 21+. */
  static Path findJavaHome() throws IOException {
    String env = System.getenv("OPENSEARCH_JAVA_HOME");
    if (env != null && !env.isBlank()) {
      return Path.of(env);
    }
    List<Path> candidates = new ArrayList<>();
    candidates.add(Path.of(System.getProperty("java.home")));
    Path jvms = Path.of("/usr/lib/jvm");
    if (Files.isDirectory(jvms)) {
      try (Stream<Path> s = Files.list(jvms)) {
        candidates.addAll(s.toList());
      }
    }
    Path best = null;
    int bestVersion = 0;
    for (Path c : candidates) {
      int v = javaVersion(c);
      if (v >= 21 && v > bestVersion && Files.isExecutable(c.resolve("bin/java"))) {
        best = c;
        bestVersion = v;
      }
    }
    if (best == null) {
      throw new IOException("OpenSearch 3 needs a JDK 21 or newer and none was found (looked at java.home and"
          + " /usr/lib/jvm); install one or set OPENSEARCH_JAVA_HOME");
    }
    return best;
  }

  private static int javaVersion(Path home) {
    try {
      for (String line : Files.readAllLines(home.resolve("release"))) {
        if (line.startsWith("JAVA_VERSION=")) {
          String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
          return Integer.parseInt(v.split("[.+-]")[0]);
        }
      }
    } catch (IOException | RuntimeException e) {
      // not a JDK
    }
    return 0;
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static void ensureUser() throws IOException, InterruptedException {
    Process id = new ProcessBuilder("id", "-u", USER).redirectErrorStream(true).start();
    id.getInputStream().readAllBytes();
    if (id.waitFor() != 0) {
      exec("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER);
    }
  }

  private static void exec(String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IOException(String.join(" ", cmd) + " failed: " + out.strip());
    }
  }

  /** Whether nothing listens on the port (connections in TIME_WAIT do not count, as for the server). */
  private static boolean isFree(int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress("127.0.0.1", port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * A port on 127.0.0.1 that nothing listens on, for a server to bind a few seconds later. It is
   * taken outside the kernel's range for ephemeral ports ({@code net.ipv4.ip_local_port_range}),
   * which outgoing connections and binds to port 0 draw from, so that in the meantime only a
   * process that chose the same number itself can take it. Falls back to an ephemeral port when
   * no port outside that range is free.
   */
  public static int freeLoopbackPort() throws IOException {
    int[] ephemeral = ephemeralRange();
    int below = Math.max(0, ephemeral[0] - LOWEST_PORT); // ports LOWEST_PORT .. ephemeral[0]-1
    int above = Math.max(0, 65535 - ephemeral[1]); // ports ephemeral[1]+1 .. 65535
    java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
    for (int i = 0; i < 100 && below + above > 0; i++) {
      int n = random.nextInt(below + above);
      int port = n < below ? LOWEST_PORT + n : ephemeral[1] + 1 + (n - below);
      if (isFree(port)) {
        return port;
      }
    }
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      return s.getLocalPort();
    }
  }

  /** Below this, ports are the well-known and the commonly configured ones (9200, 8080, 5432...). */
  private static final int LOWEST_PORT = 10000;

  /** The kernel's range for ephemeral ports: Linux's, or its default when it cannot be read. */
  static int[] ephemeralRange() {
    try {
      String[] parts = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim().split("\\s+");
      int lo = Integer.parseInt(parts[0]);
      int hi = Integer.parseInt(parts[1]);
      if (lo >= 1 && lo <= hi && hi <= 65535) {
        return new int[] {lo, hi};
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or no /proc
    }
    return new int[] {32768, 60999};
  }

  /** Options for a fixture. Not thread-safe. */
  public static final class Builder {
    private String version = System.getProperty("brisk.opensearch.version", "3.6.0");
    private Path zip;
    private Path javaHome;
    private String heap = "512m";
    private final Map<String, String> settings = new LinkedHashMap<>();
    private Duration startTimeout = Duration.ofMinutes(3);
    private Path directory;
    private int httpPort;
    private boolean detached;

    Builder() {}

    /** The OpenSearch version, whose integ-test zip must be in the local Maven repository. */
    public Builder version(String v) {
      this.version = Objects.requireNonNull(v, "version");
      return this;
    }

    /** The distribution zip to run, instead of the local Maven repository's. */
    public Builder zip(Path p) {
      this.zip = Objects.requireNonNull(p, "zip");
      return this;
    }

    /** The JDK to run OpenSearch with (21 or newer). */
    public Builder javaHome(Path p) {
      this.javaHome = Objects.requireNonNull(p, "javaHome");
      return this;
    }

    /** The server's heap, such as {@code 512m} (the default). */
    public Builder heap(String h) {
      this.heap = Objects.requireNonNull(h, "heap");
      return this;
    }

    /** A node setting, as {@code -E name=value}: {@code thread_pool.write.queue_size}, say. */
    public Builder setting(String name, String value) {
      settings.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
      return this;
    }

    /** How long {@link #start} waits for the cluster (default 3 minutes). */
    public Builder startTimeout(Duration d) {
      this.startTimeout = Objects.requireNonNull(d, "startTimeout");
      return this;
    }

    /**
     * The folder for the server's data, logs and pid file (default: a new folder under the
     * temporary folder). Data kept there survives a stop and a start; {@link #close} deletes it.
     * When this JVM is root the folder is handed to the server's user, which must be able to
     * reach it.
     */
    public Builder directory(Path dir) {
      this.directory = Objects.requireNonNull(dir, "directory");
      return this;
    }

    /** The HTTP port on 127.0.0.1 (default: a free one); {@link #start} fails when it is taken. */
    public Builder httpPort(int port) {
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("port must be 1..65535: " + port);
      }
      this.httpPort = port;
      return this;
    }

    /**
     * Whether the server outlives this JVM (default false: a shutdown hook kills it). A detached
     * server runs in its own session ({@code setsid}) and is stopped through its pid, as {@code
     * brisk opensearch stop} does.
     */
    public Builder detached(boolean d) {
      this.detached = d;
      return this;
    }

    /** Checks the zip and the JDK; nothing is started until {@link OpenSearchFixture#start}. */
    public OpenSearchFixture build() throws IOException {
      return new OpenSearchFixture(this);
    }
  }
}
