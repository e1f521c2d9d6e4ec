// Shard 3 of the role matrix (role-matrix.test.ts has the first and the coverage checks).
import { describeRoleMatrix } from "./role-matrix";

describeRoleMatrix(3);
