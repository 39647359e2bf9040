package dev.brisk.schema;

import dev.brisk.schema.gen.CodecGenerator;
import dev.brisk.schema.gen.TypeModel;
import java.io.StringReader;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.janino.SimpleCompiler;

/**
 * Compiles Esper's {@code create json schema} text into codecs at run time:
 *
 * <pre>{@code
 * SchemaSet set = Schemas.compile(
 *     "create json schema Friend(id string, name string);"
 *   + "create json schema User(_id string, `index` int, tags string[], friends Friend[]);");
 * Codec<JsonRecord> users = set.codec("User");
 * JsonRecord u = users.read(bytes);
 * u.getString("_id"); u.getInt("index");
 * }</pre>
 *
 * <p>The text is parsed into the schema model, the one generator ({@link CodecGenerator}) writes
 * Java source for a record class and a codec per schema, and Janino compiles that source in
 * process: no JDK compiler is needed. Compiled sets are cached by text and options (the last 64),
 * so compiling the same text again is a map lookup.
 *
 * <p>Options are set on an immutable {@link Options} from {@link #options()}. Thread-safe.
 */
public final class Schemas {
  private static final int CACHE_SIZE = 64;
  /** Compiled sets by their options and text, compared as values (a string of them was ambiguous). */
  private static final Map<List<Object>, SchemaSet> CACHE =
      Collections.synchronizedMap(
          new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<List<Object>, SchemaSet> e) {
              return size() > CACHE_SIZE;
            }
          });

  private static final Options DEFAULTS =
      new Options(UnknownFields.SKIP, Map.of(), false, "brisk.generated");

  private Schemas() {}

  /**
   * Compiles the schemas of {@code text} with the default options: unknown fields skipped, no
   * field required, strict types.
   *
   * @throws SchemaException with line and column when the text is not a valid schema
   */
  public static SchemaSet compile(String text) {
    return DEFAULTS.compile(text);
  }

  /** The default options, to change and then {@link Options#compile(String)} with. */
  public static Options options() {
    return DEFAULTS;
  }

  /** How schemas are compiled. Immutable: each setter returns a changed copy. Thread-safe. */
  public static final class Options {
    private final UnknownFields unknown;
    private final Map<String, Set<String>> required;
    private final boolean lenient;
    private final String packageName;

    private Options(
        UnknownFields unknown, Map<String, Set<String>> required, boolean lenient, String packageName) {
      this.unknown = unknown;
      this.required = required;
      this.lenient = lenient;
      this.packageName = packageName;
    }

    /** What the codecs do with members the schema does not declare; {@code SKIP} by default. */
    public Options unknownFields(UnknownFields policy) {
      return new Options(Objects.requireNonNull(policy), required, lenient, packageName);
    }

    /**
     * Marks fields of schema {@code schema} as required: a document without them, or with null
     * for them, is a {@code JsonException}.
     */
    public Options required(String schema, String... fields) {
      Map<String, Set<String>> r = new HashMap<>(required);
      Set<String> s = new LinkedHashSet<>(r.getOrDefault(schema, Set.of()));
      s.addAll(Arrays.asList(fields));
      r.put(schema, Collections.unmodifiableSet(s));
      return new Options(unknown, Map.copyOf(r), lenient, packageName);
    }

    /**
     * Accepts numbers and booleans written as strings ({@code "1"} for an int, {@code "true"}
     * for a boolean), as Esper does. Off by default: a type mismatch is an error.
     */
    public Options lenient(boolean on) {
      return new Options(unknown, required, on, packageName);
    }

    /**
     * The Java package of the generated classes; {@code brisk.generated} by default.
     *
     * @throws IllegalArgumentException for a name that is not a Java 17 package name (a part
     *     that is a keyword, such as {@code assert} or {@code _}, too), or that is in {@code java},
     *     where only the JDK may define classes
     */
    public Options packageName(String name) {
      if (!name.isEmpty() && !javax.lang.model.SourceVersion.isName(name, javax.lang.model.SourceVersion.RELEASE_17)) {
        throw new IllegalArgumentException("not a Java package name: " + name
            + " (dot-separated identifiers, none of them a keyword)");
      }
      if (name.equals("java") || name.startsWith("java.")) {
        throw new IllegalArgumentException("the package " + name + " is the JDK's: only the JDK may define classes in it");
      }
      return new Options(unknown, required, lenient, name);
    }

    boolean isRequired(String schema, String field) {
      return required.getOrDefault(schema, Set.of()).contains(field);
    }

    Set<String> requiredIn(String schema) {
      return required.getOrDefault(schema, Set.of());
    }

    Set<String> schemasWithRequired() {
      return required.keySet();
    }

    UnknownFields unknownFields() {
      return unknown;
    }

    TypeModel.Unknown unknown() {
      return TypeModel.Unknown.valueOf(unknown.name());
    }

    boolean lenient() {
      return lenient;
    }

    /**
     * The Java sources the text compiles to, by file path ({@code brisk/generated/User.java}),
     * without compiling them: what {@code brisk compile} writes.
     *
     * @throws SchemaException when the text is not a valid schema
     */
    public Map<String, String> generate(String text) {
      List<TypeModel> models = SchemaText.parse(text, packageName, this);
      return sources(models);
    }

    /**
     * Compiles the schemas of {@code text}; see {@link Schemas#compile(String)}.
     *
     * @throws SchemaException when the text is not a valid schema
     */
    public SchemaSet compile(String text) {
      Objects.requireNonNull(text, "text");
      List<Object> key = List.of(unknown, required, lenient, packageName, text);
      SchemaSet cached = CACHE.get(key);
      if (cached != null) {
        return cached;
      }
      List<TypeModel> models = SchemaText.parse(text, packageName, this);
      SchemaSet set = load(models, sources(models));
      CACHE.put(key, set);
      return set;
    }

    @Override
    public String toString() {
      return "unknown=" + unknown + " required=" + new java.util.TreeMap<>(required) + " lenient=" + lenient
          + " package=" + packageName;
    }
  }

  private static Map<String, String> sources(List<TypeModel> models) {
    CodecGenerator g = new CodecGenerator();
    Map<String, String> out = new LinkedHashMap<>();
    for (TypeModel m : models) {
      String dir = m.packageName().isEmpty() ? "" : m.packageName().replace('.', '/') + "/";
      out.put(dir + m.valueClass() + ".java", g.recordSource(m));
      out.put(dir + m.codecClass() + ".java", g.codecSource(m));
    }
    return Collections.unmodifiableMap(out);
  }

  /** Compiles all sources as one compilation unit (Janino allows several public classes). */
  @SuppressWarnings("unchecked")
  private static SchemaSet load(List<TypeModel> models, Map<String, String> sources) {
    Set<String> imports = new LinkedHashSet<>();
    StringBuilder bodies = new StringBuilder();
    for (String source : sources.values()) {
      for (String line : source.split("\n", -1)) {
        if (line.startsWith("import ")) {
          imports.add(line);
        } else if (!line.startsWith("package ")) {
          bodies.append(line).append('\n');
        }
      }
    }
    StringBuilder unit = new StringBuilder();
    String pkg = models.get(0).packageName();
    if (!pkg.isEmpty()) {
      unit.append("package ").append(pkg).append(";\n");
    }
    for (String i : imports) {
      unit.append(i).append('\n');
    }
    unit.append(bodies);
    SimpleCompiler compiler = new SimpleCompiler();
    compiler.setParentClassLoader(Schemas.class.getClassLoader());
    try {
      compiler.cook("schema.java", new StringReader(unit.toString()));
    } catch (CompileException | java.io.IOException | RuntimeException e) { // Janino's internal errors too
      throw new SchemaException(
          "the generated code did not compile, which is a bug in Brisk; please report it with the"
              + " schema text: " + e.getMessage(),
          e);
    }
    ClassLoader loader = compiler.getClassLoader();
    Map<String, Codec<JsonRecord>> codecs = new LinkedHashMap<>();
    for (TypeModel m : models) {
      try {
        Class<?> codecClass = loader.loadClass(m.qualifiedCodecClass());
        Codec<JsonRecord> codec = (Codec<JsonRecord>) codecClass.getField("INSTANCE").get(null);
        Class<?> recordClass = loader.loadClass(
            (m.packageName().isEmpty() ? "" : m.packageName() + ".") + m.valueClass());
        ((RecordType) recordClass.getField("TYPE").get(null)).bind(codec);
        codecs.put(m.schemaName(), codec);
      } catch (ReflectiveOperationException e) {
        throw new SchemaException("cannot load the compiled codec of " + m.schemaName(), e);
      }
    }
    return new SchemaSet(codecs, sources, models);
  }
}
