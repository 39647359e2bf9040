package dev.brisk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The {@code brisk} jar as users run it, {@code java -jar brisk-cli/target/brisk.jar}: it starts
 * and names its version, and its manifest's {@code Add-Opens} does open java.lang to Brisk, so the
 * writer reads strings' own arrays. Runs after {@code package} (the surefire execution {@code
 * packaged-jar} in the integration-test phase), not with the unit tests, which run before the jar
 * exists.
 */
class PackagedJarTest {
  static final Path JAR = Path.of("target", "brisk.jar");

  @Test
  void manifestNamesTheMainClassAndOpensJavaLang() throws IOException {
    assertTrue(Files.isRegularFile(JAR), JAR.toAbsolutePath() + " is missing: run mvn package first");
    try (JarFile jar = new JarFile(JAR.toFile())) {
      var attributes = jar.getManifest().getMainAttributes();
      assertEquals("dev.brisk.cli.Main", attributes.getValue("Main-Class"));
      assertEquals("java.base/java.lang", attributes.getValue("Add-Opens"));
    }
  }

  @Test
  void javaDashJarWritesStringsFromTheirOwnArrays() throws Exception {
    CliTest.Run r = CliTest.javaProcess(List.of("-jar", JAR.toString()), "--version");
    assertEquals(0, r.code(), r.out());
    String[] lines = r.out().split("\\R");
    assertEquals("brisk " + System.getProperty("brisk.version"), lines[0], r.out());
    assertTrue(lines[2].startsWith("strings: written from their own arrays"), r.out());
  }
}
