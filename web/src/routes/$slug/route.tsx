import { createFileRoute, notFound, Outlet, useMatch } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useSession } from "../../app-state/session";
import { useSessionCheck } from "../../app-state/use-session-check";
import { LoginOverlay } from "../../features/auth/login-overlay";
import { useLogOut } from "../../features/auth/use-log-out";
import { EventAccessGate } from "../../features/event-access/event-access-gate";
import { isEventSlug } from "../../features/event-access/event-slug";
import { EventShell } from "../../features/event-shell/event-shell";
import { AccountMenuContext } from "../../features/event-shell/menu-entries";
import { OfflineBanner } from "../../features/offline/offline-banner";
import { FirstScreenHandOver } from "../../lib/first-screen";

// Only opened from the account menu: its code (and texts) load then, not with every page.
const ProfileModal = lazy(() =>
  import("../../features/profile/profile-modal").then((module) => ({ default: module.ProfileModal })),
);

export const Route = createFileRoute("/$slug")({
  beforeLoad: ({ params }) => {
    if (!isEventSlug(params.slug)) throw notFound();
  },
  component: EventLayout,
});

/**
 * Every page of an event: opened (password, errors) once, then framed by the event shell, with
 * the login overlay and the profile modal over it.
 */
function EventLayout() {
  const { slug } = Route.useParams();
  const { resettoken, resetcode, login } = Route.useSearch();
  const [session] = useSession(slug);
  useSessionCheck(slug);
  const logOut = useLogOut(slug);
  const [profileOpen, setProfileOpen] = useState(false);
  // A session that ends (here or in another tab) closes the profile for good, not until the next login.
  if (profileOpen && !session) setProfileOpen(false);
  const viewer = {
    loggedIn: session !== null,
    isSpeaker: session?.user.is_speaker ?? false,
    isModerator: session?.user.is_moderator ?? false,
  };
  const account = {
    user: session ? { name: session.user.name, picture: session.user.picture } : null,
    openProfile: () => setProfileOpen(true),
    logOut,
  };
  const loginQuery = { resetToken: resettoken, resetCode: resetcode, loginRequested: login === "true" };
  // The quiz join page shows no programme: it opens on the event's branding alone. The match
  // rendered below, not the location, decides, so the page and its gate always agree.
  const joinPage = useMatch({ from: "/$slug/quiz-live", shouldThrow: false }) !== undefined;
  const scope = joinPage ? "basics" : "schedule";
  // Spec: video editor paths do not render the schedule shell; the editor takes the whole window.
  const editorPage = useMatch({ from: "/$slug/videoeditor/$presentationId", shouldThrow: false }) !== undefined;
  return (
    <EventAccessGate key={`${slug} ${scope}`} slug={slug} scope={scope}>
      {(event) => (
        <AccountMenuContext value={account}>
          <EventShell event={event} viewer={viewer} bare={editorPage}>
            {/* A page whose texts or code are still loading leaves the frame in place, empty (or
                the Worker's first screen over it, handed over once the page is complete). */}
            <Suspense fallback={null}>
              <Outlet />
              <FirstScreenHandOver />
            </Suspense>
          </EventShell>
          <OfflineBanner />
          <Suspense fallback={null}>
            <LoginOverlay event={event} query={loginQuery} />
            {profileOpen ? <ProfileModal event={event} onClose={() => setProfileOpen(false)} /> : null}
          </Suspense>
        </AccountMenuContext>
      )}
    </EventAccessGate>
  );
}
