package dev.brisk.orgjson;

import com.mixpanel.mixpanelapi.internal.JsonSerializer;
import dev.brisk.json.JsonWriter;
import java.util.List;
import org.json.JSONObject;

/**
 * mixpanel-java's batch serializer on {@link OrgJson}: the messages of a {@code /import} or
 * {@code /track} batch written as one JSON array, exact and without {@code JSONArray.toString()}.
 *
 * <pre>{@code
 * MixpanelAPI mixpanel = new MixpanelAPI.Builder().jsonSerializer(new BriskMixpanelSerializer()).build();
 * }</pre>
 *
 * <p>Stateless and thread-safe. (mixpanel-java's interface returns a String, which it then
 * encodes; Brisk writes UTF-8 bytes, with the writer the calling thread keeps ({@link
 * JsonWriter#toText}), and decodes them once for it.)
 */
public final class BriskMixpanelSerializer implements JsonSerializer {
  /** A serializer; one may serve every {@code MixpanelAPI} of the application. */
  public BriskMixpanelSerializer() {}

  @Override
  public String serializeArray(List<JSONObject> messages) {
    // One walk of the whole list (a walk per message made its state anew for each).
    return JsonWriter.toText(w -> OrgJson.write(messages, w));
  }
}
