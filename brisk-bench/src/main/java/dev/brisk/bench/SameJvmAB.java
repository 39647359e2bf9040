package dev.brisk.bench;

import java.io.File;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * An A/B of two builds of Brisk in one JVM, for changes too small for this machine's noise
 * between JMH runs (±15 % between runs of unchanged code, where a change gains 3-7 %). Each build
 * (a {@code benchmarks.jar}, or any class path) is loaded by a class loader of its own, so each
 * has its own classes, compiled code and profiles; the two are then timed in short slices taken
 * in turn (A B, B A, A B...), so that the machine's slow minutes fall on both alike. It prints the
 * median of the per-pair speed ratios B/A with a bootstrap 95 % interval. The JIT compiles each
 * JVM a little differently: run it several times, both ways round ({@code abn.sh} in {@code
 * scripts/} does), and take the median of the runs.
 *
 * <pre>
 * java -cp brisk-bench/target/benchmarks.jar dev.brisk.bench.SameJvmAB OLD.jar NEW.jar users-write 100000 30 200
 * </pre>
 *
 * <p>Arguments: the class paths of A and B; the work ({@code users-write} or {@code users-read}:
 * the build-time codec on a users document of SIZE bytes; {@code small-read}: the 60-byte object
 * of {@code SmallEventBenchmark} read by its codec, SIZE unused; {@code eishay-read} and {@code
 * eishay-write}: {@code EishayBenchmark}'s document by Brisk's codec, SIZE unused; {@code
 * tree-write}: {@code Json.toBytes} of a users document of SIZE bytes parsed into a tree; {@code tree-text}: the
 * same tree by {@code Json.toString}; {@code built-tree-write}: the same as {@code tree-write}
 * with the tree built from Strings; {@code record-text}: a users document of SIZE bytes read by
 * the run-time codec, written by the record's {@code toString}; {@code orgjson}: {@code
 * OrgJson.toBytes} of a mixpanel batch of SIZE messages; {@code mixpanel}: the same batch's
 * messages through {@code BriskMixpanelSerializer.serializeArray}, to a String; {@code
 * jsonp-seed}: seed 000's parse of {@code ["a","b"]} with Brisk's JSON-P provider, SIZE unused;
 * {@code value-write-KIND}: {@code ValueWriteBenchmark.brisk}, 1000 values of its KIND, such as
 * {@code value-write-long}, SIZE unused; {@code value-read-KIND}: {@code ValueReadBenchmark.brisk},
 * the same for reading, such as {@code value-read-longAscii}; {@code bench:CLASS.METHOD}: any
 * benchmark method of this module, such as {@code bench:UsersReadBenchmark.fastjson2}, on an
 * instance set up as JMH sets it up, its parameters from {@code -Dbench.NAME=VALUE} (else the
 * first value of each {@code @Param}), SIZE unused); SIZE; the number of pairs; the slice in
 * milliseconds. A work {@code X/Y} has A run X and B run Y: with the same jar on both sides, B's
 * library against A's in one JVM, such as {@code
 * bench:UsersReadBenchmark.briskCodec/bench:UsersReadBenchmark.fastjson2} (each side still has its
 * own loader, so its own copy of every class). Not JMH: for deciding whether a change to Brisk is
 * faster, and, against peers, a check on JMH's ratios that the machine's slow minutes cannot
 * bias, since they fall on both sides alike. Figures against peers come from JMH runs.
 */
public final class SameJvmAB {
  private SameJvmAB() {}

  /** One operation of the work, bound to one build's classes. */
  interface Op {
    Object run() throws Throwable;
  }

  /** The works {@link #op} knows. */
  static final String WORKS = "bench:CLASS.METHOD, users-write, users-read, eishay-read, eishay-write, small-read, tree-write, tree-text, built-tree-write, record-text, orgjson, mixpanel, jsonp-seed, value-write-KIND, value-read-KIND";

  /** The work {@code mode} on {@code size}, with the classes of {@code classPath}. */
  static Bound op(String classPath, String mode, int size) throws Throwable {
    ClassLoader l = loader(classPath);
    // Libraries that find their parts through the ServiceLoader (avaje-jsonb) look in the thread's
    // context loader: this side's, while it is set up and while it runs (see slice); the caller's
    // again afterwards.
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(l);
    try {
      return new Bound(op(l, mode, size), l);
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  /**
   * A work with the loader of its classes, which {@link #slice} makes the thread's context loader
   * while it runs (the op carries it, so nothing outlives the op).
   */
  static final class Bound implements Op {
    final Op op;
    final ClassLoader loader;

    Bound(Op op, ClassLoader loader) {
      this.op = op;
      this.loader = loader;
    }

    @Override
    public Object run() throws Throwable {
      return op.run();
    }
  }

  private static Op op(ClassLoader l, String mode, int size) throws Throwable {
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    switch (mode) {
      case "users-write":
      case "users-read": {
        byte[] doc = (byte[]) l.loadClass("dev.brisk.bench.Users")
            .getMethod("document", long.class, int.class).invoke(null, 42L, size);
        Class<?> users = l.loadClass("dev.brisk.bench.users.Users");
        Class<?> codecType = l.loadClass("dev.brisk.schema.Codec");
        Object codec = l.loadClass("dev.brisk.schema.Codecs").getMethod("get", Class.class).invoke(null, users);
        MethodHandle read = lookup.findVirtual(codecType, "read", MethodType.methodType(Object.class, byte[].class))
            .bindTo(codec);
        MethodHandle write = lookup.findVirtual(codecType, "write", MethodType.methodType(byte[].class, Object.class))
            .bindTo(codec);
        Object value = read.invoke(doc);
        if (mode.equals("users-write")) {
          return () -> (byte[]) write.invokeExact(value);
        }
        return () -> read.invoke(doc);
      }
      case "eishay-read":
      case "eishay-write": {
        // EishayBenchmark.readBrisk and writeBrisk: fastjson2's media content (SIZE unused).
        java.lang.reflect.Method document = l.loadClass("dev.brisk.bench.EishayBenchmark").getDeclaredMethod("document");
        document.setAccessible(true);
        byte[] doc = (byte[]) document.invoke(null);
        Class<?> codecType = l.loadClass("dev.brisk.schema.Codec");
        Object codec = l.loadClass("dev.brisk.schema.Codecs").getMethod("get", Class.class)
            .invoke(null, l.loadClass("dev.brisk.bench.eishay.MediaContent"));
        MethodHandle read = lookup.findVirtual(codecType, "read", MethodType.methodType(Object.class, byte[].class))
            .bindTo(codec);
        MethodHandle write = lookup.findVirtual(codecType, "write", MethodType.methodType(byte[].class, Object.class))
            .bindTo(codec);
        Object value = read.invoke(doc);
        if (mode.equals("eishay-write")) {
          return () -> (byte[]) write.invokeExact(value);
        }
        return () -> read.invoke(doc);
      }
      case "small-read": {
        // SmallEventBenchmark.objectBrisk: a 60-byte Friend read by its codec (SIZE unused).
        java.lang.reflect.Field friend = l.loadClass("dev.brisk.bench.SmallEventBenchmark").getDeclaredField("FRIEND");
        friend.setAccessible(true);
        byte[] doc = (byte[]) friend.get(null);
        Class<?> codecType = l.loadClass("dev.brisk.schema.Codec");
        Object codec = l.loadClass("dev.brisk.schema.Codecs").getMethod("get", Class.class)
            .invoke(null, l.loadClass("dev.brisk.bench.users.Friend"));
        MethodHandle read = lookup.findVirtual(codecType, "read", MethodType.methodType(Object.class, byte[].class))
            .bindTo(codec);
        return () -> read.invoke(doc);
      }
      case "tree-write":
      case "tree-text":
      case "built-tree-write": {
        // A users document of SIZE bytes, parsed into a tree once (or built from Strings, as an
        // application builds one), written with Json.toBytes.
        Class<?> usersDoc = l.loadClass("dev.brisk.bench.Users");
        byte[] doc = (byte[]) usersDoc.getMethod("document", long.class, int.class).invoke(null, 42L, size);
        Class<?> json = l.loadClass("dev.brisk.json.Json");
        Class<?> valueType = l.loadClass("dev.brisk.json.JsonValue");
        Object tree = mode.equals("tree-write")
            ? json.getMethod("parse", byte[].class).invoke(null, doc)
            : usersDoc.getMethod("builtTree", byte[].class).invoke(null, doc);
        if (mode.equals("tree-text")) {
          MethodHandle toText = lookup.findStatic(json, "toString", MethodType.methodType(String.class, valueType));
          return () -> toText.invoke(tree);
        }
        MethodHandle toBytes = lookup.findStatic(json, "toBytes", MethodType.methodType(byte[].class, valueType));
        return () -> toBytes.invoke(tree);
      }
      case "record-text": {
        // A users document of SIZE bytes read once by the run-time codec of the users schema
        // text; the record written by its toString.
        byte[] doc = (byte[]) l.loadClass("dev.brisk.bench.Users")
            .getMethod("document", long.class, int.class).invoke(null, 42L, size);
        java.lang.reflect.Field text = l.loadClass("dev.brisk.bench.Peers").getDeclaredField("BRISK_SCHEMA");
        text.setAccessible(true);
        Object set = l.loadClass("dev.brisk.schema.Schemas").getMethod("compile", String.class)
            .invoke(null, text.get(null));
        Object codec = l.loadClass("dev.brisk.schema.SchemaSet").getMethod("codec", String.class).invoke(set, "Users");
        Object record = l.loadClass("dev.brisk.schema.Codec").getMethod("read", byte[].class).invoke(codec, doc);
        return record::toString;
      }
      case "orgjson": {
        Object batch = l.loadClass("dev.brisk.bench.MixpanelMessages")
            .getMethod("batch", long.class, int.class).invoke(null, 7L, size);
        MethodHandle toBytes = lookup.findStatic(l.loadClass("dev.brisk.orgjson.OrgJson"), "toBytes",
            MethodType.methodType(byte[].class, Object.class));
        return () -> (byte[]) toBytes.invokeExact(batch);
      }
      case "mixpanel": {
        Object batch = l.loadClass("dev.brisk.bench.MixpanelMessages")
            .getMethod("messages", long.class, int.class).invoke(null, 7L, size);
        Object serializer = l.loadClass("dev.brisk.orgjson.BriskMixpanelSerializer").getConstructor().newInstance();
        MethodHandle h = lookup.findVirtual(serializer.getClass(), "serializeArray",
            MethodType.methodType(String.class, List.class)).bindTo(serializer);
        return () -> (String) h.invokeExact((List<?>) batch);
      }
      case "jsonp-seed": {
        // Seed 000's parse with Brisk's JSON-P provider, as JsonpParseBenchmark.brisk (SIZE unused).
        Object provider = l.loadClass("dev.brisk.jsonp.BriskJsonProvider").getMethod("instance").invoke(null);
        java.lang.reflect.Method consume = l.loadClass("dev.brisk.bench.JsonpParseBenchmark")
            .getDeclaredMethod("consume", l.loadClass("jakarta.json.spi.JsonProvider"));
        consume.setAccessible(true);
        MethodHandle h = MethodHandles.lookup().unreflect(consume).bindTo(provider);
        return () -> (long) h.invoke();
      }
      default:
        if (mode.startsWith("bench:")) {
          return benchOp(l, mode.substring("bench:".length()), java.util.Map.of());
        }
        // ValueWriteBenchmark.brisk or ValueReadBenchmark.brisk on 1000 values of the kind named.
        if (mode.startsWith("value-write-")) {
          return benchOp(l, "ValueWriteBenchmark.brisk", java.util.Map.of("kind", mode.substring("value-write-".length())));
        }
        if (mode.startsWith("value-read-")) {
          return benchOp(l, "ValueReadBenchmark.brisk", java.util.Map.of("kind", mode.substring("value-read-".length())));
        }
        throw new IllegalArgumentException("no such work: " + mode + " (" + WORKS + ")");
    }
  }

  /**
   * The JMH benchmark method {@code spec} ({@code CLASS.METHOD} of {@code dev.brisk.bench}, say
   * {@code UsersReadBenchmark.fastjson2}) on an instance set up as JMH would: each public field
   * set from {@code given} when it names the field, else from the system property {@code
   * bench.FIELD} when there is one, else a {@code @Param} field to its first value; then its
   * {@code @Setup} methods run, the superclass's first.
   */
  private static Op benchOp(ClassLoader l, String spec, java.util.Map<String, String> given) throws Throwable {
    int dot = spec.lastIndexOf('.');
    if (dot < 0) {
      throw new IllegalArgumentException("bench: wants CLASS.METHOD, as UsersReadBenchmark.fastjson2; was " + spec);
    }
    Class<?> bench = l.loadClass("dev.brisk.bench." + spec.substring(0, dot));
    @SuppressWarnings("unchecked")
    Class<? extends java.lang.annotation.Annotation> param =
        (Class<? extends java.lang.annotation.Annotation>) l.loadClass("org.openjdk.jmh.annotations.Param");
    @SuppressWarnings("unchecked")
    Class<? extends java.lang.annotation.Annotation> setup =
        (Class<? extends java.lang.annotation.Annotation>) l.loadClass("org.openjdk.jmh.annotations.Setup");
    Object b = bench.getConstructor().newInstance();
    for (java.lang.reflect.Field f : bench.getFields()) {
      String v = given.getOrDefault(f.getName(), System.getProperty("bench." + f.getName()));
      if (v == null && f.isAnnotationPresent(param)) {
        v = ((String[]) param.getMethod("value").invoke(f.getAnnotation(param)))[0];
      }
      if (v == null) {
        continue;
      }
      if (f.getType() == int.class) {
        f.setInt(b, Integer.parseInt(v));
      } else if (f.getType() == String.class) {
        f.set(b, v);
      } else {
        throw new IllegalArgumentException("cannot set " + f + " from bench." + f.getName());
      }
    }
    List<Class<?>> chain = new ArrayList<>();
    for (Class<?> c = bench; c != Object.class; c = c.getSuperclass()) {
      chain.add(0, c);
    }
    for (Class<?> c : chain) {
      for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
        if (m.isAnnotationPresent(setup)) {
          m.setAccessible(true);
          m.invoke(b);
        }
      }
    }
    java.lang.reflect.Method m = bench.getMethod(spec.substring(dot + 1));
    MethodHandle h = MethodHandles.publicLookup().unreflect(m).bindTo(b);
    if (m.getReturnType() == void.class) {
      MethodHandle v = h;
      return () -> {
        v.invoke();
        return null;
      };
    }
    MethodHandle boxed = h.asType(MethodType.methodType(Object.class));
    return () -> (Object) boxed.invokeExact();
  }

  /** A loader of {@code classPath} alone, above the platform's classes only. */
  static ClassLoader loader(String classPath) throws MalformedURLException {
    List<URL> urls = new ArrayList<>();
    for (String p : classPath.split(File.pathSeparator)) {
      if (!p.isEmpty()) {
        urls.add(new File(p).toURI().toURL());
      }
    }
    return new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
  }

  static volatile Object sink;

  /** Runs {@code op} for about {@code nanos} and returns the nanoseconds per operation. */
  static double slice(Bound op, long nanos) throws Throwable {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(op.loader);
    try {
      long n = 0;
      long t0 = System.nanoTime();
      long end = t0 + nanos;
      long t;
      do {
        for (int i = 0; i < 16; i++) {
          sink = op.run();
        }
        n += 16;
      } while ((t = System.nanoTime()) < end);
      return (double) (t - t0) / n;
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  /** The result of a run: ns/op of each slice, and B's speed over A's per pair. */
  record Result(double[] a, double[] b, double[] speed) {
    static double median(double[] v) {
      double[] s = v.clone();
      Arrays.sort(s);
      return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /** A bootstrap 95 % interval of the median speed ratio. */
    double[] interval() {
      SplittableRandom r = new SplittableRandom(1);
      double[] medians = new double[2000];
      double[] draw = new double[speed.length];
      for (int k = 0; k < medians.length; k++) {
        for (int i = 0; i < draw.length; i++) {
          draw[i] = speed[r.nextInt(speed.length)];
        }
        medians[k] = median(draw);
      }
      Arrays.sort(medians);
      return new double[] {medians[49], medians[1950]};
    }

    @Override
    public String toString() {
      double[] ci = interval();
      return String.format(Locale.ROOT,
          "A %.1f ns/op, B %.1f ns/op (medians); speed B/A %.3f (95%% interval %.3f-%.3f, %d pairs)",
          median(a), median(b), median(speed), ci[0], ci[1], speed.length);
    }
  }

  /** Warms both up, then times {@code pairs} pairs of slices, alternating which goes first. */
  static Result run(Bound a, Bound b, int pairs, long sliceNanos) throws Throwable {
    for (int w = 0; w < 8; w++) {
      slice(a, 2 * sliceNanos);
      slice(b, 2 * sliceNanos);
    }
    double[] ta = new double[pairs];
    double[] tb = new double[pairs];
    double[] speed = new double[pairs];
    for (int i = 0; i < pairs; i++) {
      if (i % 2 == 0) {
        ta[i] = slice(a, sliceNanos);
        tb[i] = slice(b, sliceNanos);
      } else {
        tb[i] = slice(b, sliceNanos);
        ta[i] = slice(a, sliceNanos);
      }
      speed[i] = ta[i] / tb[i];
    }
    return new Result(ta, tb, speed);
  }

  public static void main(String[] args) throws Throwable {
    if (args.length != 6) {
      System.err.println("usage: SameJvmAB CLASSPATH_A CLASSPATH_B WORK SIZE PAIRS SLICE_MS; WORK: " + WORKS);
      System.exit(2);
    }
    int size = Integer.parseInt(args[3]);
    String[] works = args[2].split("/", 2); // "X/Y": A runs X, B runs Y
    Bound a = op(args[0], works[0], size);
    Bound b = op(args[1], works[works.length - 1], size);
    Result r = run(a, b, Integer.parseInt(args[4]), Long.parseLong(args[5]) * 1_000_000L);
    System.out.println(args[2] + " " + size + ": " + r);
  }
}
