import { Hono } from "hono";
import * as v from "valibot";
import { ChangePasswordBody, ProfileBody } from "../../core/auth/schemas";
import { DomainError, ErrorCode } from "../../core/errors";
import type { AppEnv } from "../app-env";
import { hashPassword } from "../auth/password";
import { requireSession, type SessionEnv } from "../auth/session";
import { issueToken } from "../auth/tokens";
import { toUserView } from "../auth/user-view";
import { revokeTokens, setPassword, updateProfile } from "../db/queries/users";
import { fileUrl, storeUserPicture, userPicturePrefix } from "../files/pictures";
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
    // A profile picture is one this user uploaded to our storage: no outside tracking images.
    if (picture && !picture.startsWith(fileUrl(userPicturePrefix(user.id)))) {
      throw new DomainError(ErrorCode.ValidationFailed, "picture: upload it with PUT /api/me/picture");
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
    const updated = await setPassword(c.var.db, user.id, await hashPassword(c.req.valid("json").password));
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
