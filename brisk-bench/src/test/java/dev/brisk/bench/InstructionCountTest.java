package dev.brisk.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * InstructionCount runs its work and writes the JIT's code list in the form irmap.py reads (its
 * pattern is the one below): without valgrind, since only the count needs it. Nothing is timed.
 */
class InstructionCountTest {
  /** irmap.py's pattern for a line of the code list: id, tier, state, method, address ranges. */
  static final Pattern CODE_LIST_LINE =
      Pattern.compile("\\d+ (\\d+) \\d+ (\\S+) \\[(0x[0-9a-f]+), 0x[0-9a-f]+ - (0x[0-9a-f]+)\\]");

  @Test
  void runsTheWorkAndWritesTheCodeListInTheFormItsReaderTakes(@TempDir Path dir) throws Throwable {
    Path list = dir.resolve("codelist.txt");
    System.setProperty("codelist", list.toString());
    try {
      InstructionCount.main(new String[] {System.getProperty("java.class.path"), "users-write", "1000", "3000", "10"});
    } finally {
      System.clearProperty("codelist");
    }
    List<String> lines = Files.readAllLines(list);
    assertTrue(lines.stream().anyMatch(l -> CODE_LIST_LINE.matcher(l).matches() && l.contains(" dev.brisk.json.JsonWriter.")),
        "no compiled JsonWriter method in the form irmap.py reads, among " + lines.size() + " lines: "
            + lines.subList(0, Math.min(5, lines.size())));
  }
}
