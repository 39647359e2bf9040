package dev.brisk.json;

/**
 * Limits that a {@link JsonReader} enforces while it reads, so that hostile input fails with a
 * {@link JsonException} instead of exhausting the stack, the heap or the CPU.
 *
 * <p>The defaults are on and are no looser than Jackson's {@code StreamReadConstraints}:
 *
 * <table>
 *   <caption>Default limits</caption>
 *   <tr><th>limit</th><th>default</th><th>unit</th></tr>
 *   <tr><td>{@link #maxDepth()}</td><td>1 000</td><td>nested arrays and objects</td></tr>
 *   <tr><td>{@link #maxNumberLength()}</td><td>1 000</td><td>characters of one number</td></tr>
 *   <tr><td>{@link #maxStringLength()}</td><td>20 000 000</td><td>UTF-8 bytes of one string, as
 *       encoded in the input</td></tr>
 *   <tr><td>{@link #maxNameLength()}</td><td>50 000</td><td>UTF-8 bytes of one member name</td></tr>
 *   <tr><td>{@link #maxDocumentLength()}</td><td>unlimited ({@code -1})</td><td>bytes of input</td></tr>
 *   <tr><td>{@link #maxMembers()}</td><td>unlimited ({@code -1})</td><td>members of one object or
 *       elements of one array</td></tr>
 *   <tr><td>{@link #maxTreeLength()}</td><td>64 MiB</td><td>bytes of stream input that one tree,
 *       or one value a codec reads, may span</td></tr>
 * </table>
 *
 * <p>{@code maxTreeLength} is what keeps a stream that never ends (or a huge one) from filling the
 * heap when it is read into memory: a tree takes up to about 18 bytes of heap per byte of input
 * (measured: an array of empty strings; an array of small integers takes 2), so the default bounds
 * one tree at about 1.2 GB. It applies only to input read from a stream, and only while a value
 * is being built: reading tokens one by one ({@link JsonReader#next()}, {@link
 * JsonReader#skipValue()}) keeps a constant amount of memory and is not bounded by it, and a
 * sequence of values (NDJSON) gives each value a budget of its own.
 *
 * <p>Immutable and thread-safe; the {@code with...} methods return a new instance.
 */
public final class JsonLimits {
  /** The default limits. */
  public static final JsonLimits DEFAULTS =
      new JsonLimits(1000, 1000, 20_000_000, 50_000, -1, -1, 64L << 20);

  private final int maxDepth;
  private final int maxNumberLength;
  private final int maxStringLength;
  private final int maxNameLength;
  private final long maxDocumentLength;
  private final int maxMembers;
  private final long maxTreeLength;

  private JsonLimits(
      int maxDepth,
      int maxNumberLength,
      int maxStringLength,
      int maxNameLength,
      long maxDocumentLength,
      int maxMembers,
      long maxTreeLength) {
    this.maxDepth = positive("maxDepth", maxDepth);
    this.maxNumberLength = positive("maxNumberLength", maxNumberLength);
    this.maxStringLength = positive("maxStringLength", maxStringLength);
    this.maxNameLength = positive("maxNameLength", maxNameLength);
    this.maxDocumentLength = maxDocumentLength < 0 ? -1 : maxDocumentLength;
    this.maxMembers = maxMembers < 0 ? -1 : maxMembers;
    this.maxTreeLength = maxTreeLength < 0 ? -1 : maxTreeLength;
  }

  /**
   * These limits as a mutable copy, for a {@code with...} method to change one of them: each
   * method then names only its own limit, and a new limit is added here and in the constructor.
   */
  private static final class Draft {
    int maxDepth;
    int maxNumberLength;
    int maxStringLength;
    int maxNameLength;
    long maxDocumentLength;
    int maxMembers;
    long maxTreeLength;

    Draft(JsonLimits l) {
      maxDepth = l.maxDepth;
      maxNumberLength = l.maxNumberLength;
      maxStringLength = l.maxStringLength;
      maxNameLength = l.maxNameLength;
      maxDocumentLength = l.maxDocumentLength;
      maxMembers = l.maxMembers;
      maxTreeLength = l.maxTreeLength;
    }

    JsonLimits build() {
      return new JsonLimits(maxDepth, maxNumberLength, maxStringLength, maxNameLength,
          maxDocumentLength, maxMembers, maxTreeLength);
    }
  }

  /** A copy of these limits with {@code change} made (and checked, as every instance is). */
  private JsonLimits with(java.util.function.Consumer<Draft> change) {
    Draft d = new Draft(this);
    change.accept(d);
    return d.build();
  }

  private static int positive(String what, int value) {
    if (value <= 0) {
      throw new IllegalArgumentException(what + " must be positive, was " + value);
    }
    return value;
  }

  /** The deepest nesting of arrays and objects (default 1 000). */
  public int maxDepth() {
    return maxDepth;
  }

  /** The most characters of one number (default 1 000). */
  public int maxNumberLength() {
    return maxNumberLength;
  }

  /** The most UTF-8 bytes of one string, as encoded in the input (default 20 000 000). */
  public int maxStringLength() {
    return maxStringLength;
  }

  /** The most UTF-8 bytes of one member name, as encoded in the input (default 50 000). */
  public int maxNameLength() {
    return maxNameLength;
  }

  /** The most bytes one reader reads, or -1 for no limit. */
  public long maxDocumentLength() {
    return maxDocumentLength;
  }

  /** The most members of one object or elements of one array, or -1 for no limit. */
  public int maxMembers() {
    return maxMembers;
  }

  /**
   * The most bytes of stream input that one tree, or one value a codec reads, may span, or -1 for
   * no limit; see the class comment.
   */
  public long maxTreeLength() {
    return maxTreeLength;
  }

  /**
   * These limits with {@link #maxDepth()} set to {@code v}.
   *
   * @throws IllegalArgumentException when {@code v} is not positive
   */
  public JsonLimits withMaxDepth(int v) {
    return with(d -> d.maxDepth = v);
  }

  /**
   * These limits with {@link #maxNumberLength()} set to {@code v}.
   *
   * @throws IllegalArgumentException when {@code v} is not positive
   */
  public JsonLimits withMaxNumberLength(int v) {
    return with(d -> d.maxNumberLength = v);
  }

  /**
   * These limits with {@link #maxStringLength()} set to {@code v}.
   *
   * @throws IllegalArgumentException when {@code v} is not positive
   */
  public JsonLimits withMaxStringLength(int v) {
    return with(d -> d.maxStringLength = v);
  }

  /**
   * These limits with {@link #maxNameLength()} set to {@code v}.
   *
   * @throws IllegalArgumentException when {@code v} is not positive
   */
  public JsonLimits withMaxNameLength(int v) {
    return with(d -> d.maxNameLength = v);
  }

  /**
   * These limits with {@link #maxDocumentLength()} set to {@code v}.
   *
   * @param v the most bytes of input, or -1 for no limit
   */
  public JsonLimits withMaxDocumentLength(long v) {
    return with(d -> d.maxDocumentLength = v);
  }

  /**
   * These limits with {@link #maxTreeLength()} set to {@code v}.
   *
   * @param v the most bytes of stream input one tree or codec value may span, or -1 for no limit
   */
  public JsonLimits withMaxTreeLength(long v) {
    return with(d -> d.maxTreeLength = v);
  }

  /**
   * These limits with {@link #maxMembers()} set to {@code v}.
   *
   * @param v the most members of one object or elements of one array, or -1 for no limit
   */
  public JsonLimits withMaxMembers(int v) {
    return with(d -> d.maxMembers = v);
  }

  @Override
  public String toString() {
    return "JsonLimits{maxDepth=" + maxDepth + ", maxNumberLength=" + maxNumberLength
        + ", maxStringLength=" + maxStringLength + ", maxNameLength=" + maxNameLength
        + ", maxDocumentLength=" + maxDocumentLength + ", maxMembers=" + maxMembers
        + ", maxTreeLength=" + maxTreeLength + '}';
  }
}
