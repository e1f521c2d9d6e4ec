import { ChangePasswordBody, ProfileBody } from "@core/auth/schemas";
import { DomainError, ErrorCode } from "@core/errors";
import { DeleteAccountBody, EXPORTS_PER_USER } from "@core/personal-data/account-deletion";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { hashPassword, verifyPassword } from "../auth/password";
import { admitPerUser, guardPasswordCheck } from "../auth/rate-limit";
import { requireSession, type SessionEnv } from "../auth/session";
import { issueToken } from "../auth/tokens";
import { toUserView } from "../auth/user-view";
import { collectPersonalData, eraseAccount, listForumContributions } from "../db/queries/personal-data";
import { revokeTokens, setPassword, updateProfile } from "../db/queries/users";
import { deleteUserPictures, storeUserPicture } from "../files/pictures";
import { ownPictureKey } from "../files/user-picture-key";
import { InvalidInput } from "../invalid-input";
import { publishForumChange } from "../room-feeds/forum-feed";
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
  .get("/me/export", requireSession, async (c) => {
    const { user } = c.var.session;
    await admitPerUser(c.var.db, "personal-data-export", user.id, EXPORTS_PER_USER);
    const data = await collectPersonalData(
      c.var.db,
      user,
      user.picture ? (ownPictureKey(user.picture, user.id) ?? null) : null,
    );
    c.header("cache-control", "private, no-store");
    c.header("content-disposition", `attachment; filename="personal-data-${user.id}.json"`);
    return c.json({ data }, 200);
  })
  .delete("/me", requireSession, valid("json", DeleteAccountBody), async (c) => {
    const { user } = c.var.session;
    const { password, removePosts } = c.req.valid("json");
    // As for a password change: an open session is not proof enough, and guesses wait like login guesses.
    const guard = await guardPasswordCheck(c, user.email);
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw new DomainError(ErrorCode.WrongCurrentPassword);
    }
    await guard.passwordAccepted();
    const contributions = await listForumContributions(c.var.db, user.id);
    if (!(await eraseAccount(c.var.db, user, removePosts))) throw new DomainError(ErrorCode.Unauthorized);
    await deleteUserPictures(c.env.FILES, user.id);
    // The forum rooms' live feeds: the posts kept now show "deleted user", the removed ones go.
    const presentationIds = new Set([
      ...contributions.posts.map((post) => post.presentationId),
      ...contributions.replies.map((reply) => reply.presentationId),
    ]);
    await Promise.all(
      [...presentationIds].map(async (presentationId) => {
        if (!removePosts) {
          await publishForumChange(c.env, presentationId, { type: "author_deleted", data: { userId: user.id } });
          return;
        }
        for (const reply of contributions.replies.filter((reply) => reply.presentationId === presentationId)) {
          await publishForumChange(c.env, presentationId, {
            type: "reply_deleted",
            data: { id: reply.id, postId: reply.postId },
          });
        }
        for (const post of contributions.posts.filter((post) => post.presentationId === presentationId)) {
          await publishForumChange(c.env, presentationId, { type: "post_deleted", data: { id: post.id } });
        }
      }),
    );
    return c.json({ message: "deleted" }, 200);
  })
  .post("/logout", requireSession, async (c) => {
    await revokeTokens(c.var.db, c.var.session.user.id);
    return c.json({ message: "ok" }, 200);
  });
