import { ChangePasswordBody, ProfileBody } from "@core/auth/schemas";
import { DomainError, ErrorCode } from "@core/errors";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { hashPassword, verifyPassword } from "../auth/password";
import { guardPasswordCheck } from "../auth/rate-limit";
import { requireSession, type SessionEnv } from "../auth/session";
import { issueToken } from "../auth/tokens";
import { toUserView } from "../auth/user-view";
import { revokeTokens, setPassword, updateProfile } from "../db/queries/users";
import { storeUserPicture } from "../files/pictures";
import { ownPictureKey } from "../files/user-picture-key";
import { InvalidInput } from "../invalid-input";
import { SlugParam, valid } from "../validation";

export const meRoutes = new Hono<AppEnv & SessionEnv>()
  .get("/me", requireSession, valid("query", v.object({ event: v.optional(SlugParam) })), (c) => {
    const { user, member, event } = c.var.session;
    // A page of one event never runs on a token of another.
    const expected = c.req.valid("query").event;
    if (expected !== undefined && expected !== event.slug) throw new DomainError(ErrorCode.Unauthorized);
    return c.json({ data: { user: toUserView(user, member), event: { _id: event.id, slug: event.slug } } }, 200);
  })
  .patch("/me", requireSession, valid("json", ProfileBody), async (c) => {
    const { user, member } = c.var.session;
    const { name, picture } = c.req.valid("json");
    // A profile picture is one this user uploaded to our storage: no outside tracking images, and
    // no path that leaves the user's folder.
    if (picture) {
      const key = ownPictureKey(picture, user.id);
      if (!key || !(await c.env.FILES.head(key))) {
        throw new InvalidInput([{ path: "body.picture", message: "upload it with PUT /api/me/picture" }]);
      }
    }
    const updated = await updateProfile(c.var.db, user.id, picture === undefined ? { name } : { name, picture });
    return c.json({ data: { user: toUserView(updated, member) } }, 200);
  })
  .put("/me/picture", requireSession, async (c) => {
    const picture = await storeUserPicture(c.env.FILES, c.var.session.user.id, c.req.raw);
    return c.json({ data: { picture } }, 201);
  })
  .post("/me/password", requireSession, valid("json", ChangePasswordBody), async (c) => {
    const { user, event } = c.var.session;
    const { currentPassword, password } = c.req.valid("json");
    // An open session is not proof enough (a borrowed phone, a stolen token): the current password
    // is, and its guesses wait like login guesses.
    const guard = await guardPasswordCheck(c, user.email);
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new DomainError(ErrorCode.WrongCurrentPassword);
    }
    await guard.passwordAccepted();
    const updated = await setPassword(c.var.db, user.id, await hashPassword(password));
    if (!updated) throw new DomainError(ErrorCode.NotFound);
    // Every other session ends; this one continues with a fresh token.
    const token = await issueToken(c.env.JWT_SECRET, {
      userId: user.id,
      eventId: event.id,
      version: updated.tokenVersion,
    });
    return c.json({ data: { token } }, 200);
  })
  .post("/logout", requireSession, async (c) => {
    await revokeTokens(c.var.db, c.var.session.user.id);
    return c.json({ message: "ok" }, 200);
  });
