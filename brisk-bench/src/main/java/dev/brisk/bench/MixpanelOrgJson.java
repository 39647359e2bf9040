package dev.brisk.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * org.json {@value #VERSION}, the version mixpanel-java 1.6.1 declares (so the {@code
 * JSONArray.toString()} its users run unless they pin another), beside the newer org.json the
 * benchmarks are built with. Its jar travels inside the benchmarks jar (brisk-bench's pom copies it
 * there) and is loaded by a class loader of its own whose parent is the platform loader, so none of
 * the newer classes is seen. {@link #copy} rebuilds a batch of the newer version in the older one,
 * with the same keys, values (the same {@code String}, {@code Double}, ... instances) and order;
 * the copy's {@code toString()} is the older version's.
 *
 * <p>Immutable once built, and thread-safe; the copies it makes are org.json objects, which are
 * not.
 */
final class MixpanelOrgJson {
  static final String VERSION = "20231013";

  /** Loaded once per JVM: the jar is written to a temporary file, deleted when the JVM exits. */
  static final MixpanelOrgJson INSTANCE = new MixpanelOrgJson();

  private final MethodHandle newObject;
  private final MethodHandle putMember;
  private final MethodHandle newArray;
  private final MethodHandle putElement;
  private final Object nullValue;

  private MixpanelOrgJson() {
    String name = "org-json-" + VERSION + ".jar";
    try (InputStream in = MixpanelOrgJson.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is not beside " + MixpanelOrgJson.class.getName()
            + ": build brisk-bench with Maven (its pom copies the jar in at generate-resources)");
      }
      Path jar = Files.createTempFile("brisk-bench-org-json-" + VERSION, ".jar");
      jar.toFile().deleteOnExit();
      Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
      ClassLoader loader = SameJvmAB.loader(jar.toString());
      Class<?> object = loader.loadClass("org.json.JSONObject");
      Class<?> array = loader.loadClass("org.json.JSONArray");
      MethodHandles.Lookup l = MethodHandles.publicLookup();
      newObject = l.findConstructor(object, MethodType.methodType(void.class));
      putMember = l.findVirtual(object, "put", MethodType.methodType(object, String.class, Object.class));
      newArray = l.findConstructor(array, MethodType.methodType(void.class));
      putElement = l.findVirtual(array, "put", MethodType.methodType(array, Object.class));
      nullValue = object.getField("NULL").get(null);
    } catch (IOException e) {
      throw new UncheckedIOException("loading org.json " + VERSION, e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("org.json " + VERSION + " lacks what the copy needs", e);
    }
  }

  /**
   * {@code value} (an org.json value of the benchmarks' version) as the same value of version
   * {@value #VERSION}: objects and arrays rebuilt, members in {@code keySet()} order, everything
   * else as it is ({@code JSONObject.NULL} as the older version's).
   */
  Object copy(Object value) {
    try {
      if (value instanceof JSONObject) {
        JSONObject o = (JSONObject) value;
        Object copy = newObject.invoke();
        for (String key : o.keySet()) {
          putMember.invoke(copy, key, copy(o.opt(key)));
        }
        return copy;
      }
      if (value instanceof JSONArray) {
        JSONArray a = (JSONArray) value;
        Object copy = newArray.invoke();
        for (int i = 0; i < a.length(); i++) {
          putElement.invoke(copy, copy(a.opt(i)));
        }
        return copy;
      }
      return value == JSONObject.NULL ? nullValue : value;
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException("copying into org.json " + VERSION, t);
    }
  }
}
