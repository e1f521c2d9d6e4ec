// Shard 3 of the bad-input properties (bad-input-properties.ts says what they check).
import { describeBadInputProperties } from "./bad-input-properties";

describeBadInputProperties(3);
