package dev.brisk.schema;

/**
 * Finds the codecs the annotation processor generated for {@link JsonCodec} types. The codec of
 * {@code com.example.User} is the class {@code com.example.UserBriskCodec} (of {@code Outer.Inner},
 * {@code Outer_InnerBriskCodec}); it is loaded by name from the type's class loader, once, and kept
 * per type in a {@link ClassValue}: no classpath scanning, no ServiceLoader, no lock after the
 * first call. Thread-safe.
 *
 * <p>In a named module, a generated codec exports its package to {@code dev.brisk.schema} when
 * its class is initialized ({@code Module.addExports}, called from the codec class itself), so
 * that its {@code INSTANCE} can be read here; the application's {@code module-info.java} need
 * not export it.
 */
public final class Codecs {
  private Codecs() {}

  private static final ClassValue<Codec<?>> CODECS =
      new ClassValue<>() {
        @Override
        protected Codec<?> computeValue(Class<?> type) {
          String name = codecClassName(type);
          try {
            Class<?> c = Class.forName(name, true, type.getClassLoader());
            return (Codec<?>) c.getField("INSTANCE").get(null);
          } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException(
                "no codec was generated for " + type.getName() + " (looked for " + name + "):"
                    + " annotate it with @dev.brisk.schema.JsonCodec and put"
                    + " dev.brisk:brisk-schema-processor in the compiler's annotationProcessorPaths",
                e);
          } catch (IllegalAccessException e) {
            // A named module that does not export the codec's package to dev.brisk.schema: the
            // codecs Brisk generates export it themselves, so this one is older or hand-written.
            throw new IllegalStateException("cannot read " + name + ".INSTANCE (" + e.getMessage() + "):"
                + " regenerate the codec with this Brisk (its codecs export their package to"
                + " dev.brisk.schema), add \"exports " + type.getPackageName() + " to dev.brisk.schema;\""
                + " to the module's module-info.java, or use " + name + ".INSTANCE directly", e);
          } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException(name + " is not a Brisk codec", e);
          }
        }
      };

  /**
   * The generated codec of {@code type}.
   *
   * @throws IllegalArgumentException when none was generated, saying how to generate one
   */
  @SuppressWarnings("unchecked")
  public static <T> Codec<T> get(Class<T> type) {
    return (Codec<T>) CODECS.get(type);
  }

  /** The name of the codec class generated for {@code type}. */
  public static String codecClassName(Class<?> type) {
    String simple = type.getSimpleName();
    for (Class<?> outer = type.getEnclosingClass(); outer != null; outer = outer.getEnclosingClass()) {
      simple = outer.getSimpleName() + "_" + simple;
    }
    String pkg = type.getPackageName();
    return (pkg.isEmpty() ? "" : pkg + ".") + simple + "BriskCodec";
  }
}
