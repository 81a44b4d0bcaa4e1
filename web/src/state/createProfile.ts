/** The player on this device: name and avatar (a picture from the set, or their own photo). */
import { clipName } from "../../../core/names.js";
import { createStore, type Store } from "solid-js/store";
import * as v from "valibot";
import { t } from "../i18n/i18n.js";
import { makeStoreContext } from "./context.js";
import { readJson, writeJson, type KeyValue } from "../lib/persist.js";

export const AVATARS = ["🦅", "🐎", "🦁", "🐘", "🦒", "🐆", "🦉", "🐪", "🌻", "⭐", "🌙", "🔥"] as const;
type Avatar = (typeof AVATARS)[number];

const MAX_AVATAR_PHOTO_CHARS = 200_000;

export interface Profile {
  readonly name: string;
  readonly avatar: Avatar;
  /** Own photo or selfie as a small data URL; shown instead of the avatar when set. */
  readonly photo: string | null;
}

const DEFAULT_PROFILE: Profile = { name: "", avatar: "🦅", photo: null };

const ProfileSchema = v.object({
  name: v.fallback(v.pipe(v.string(), v.transform(clipName)), ""),
  avatar: v.fallback(v.picklist(AVATARS), DEFAULT_PROFILE.avatar),
  photo: v.fallback(
    v.nullable(v.pipe(v.string(), v.startsWith("data:image/"), v.maxLength(MAX_AVATAR_PHOTO_CHARS))),
    null,
  ),
});

function parseProfile(raw: unknown): Profile {
  const r = v.safeParse(ProfileSchema, typeof raw === "object" && raw !== null ? raw : {});
  return r.success ? r.output : DEFAULT_PROFILE;
}

function makeProfile(p: Profile): Record<string, unknown> {
  return { ...p };
}

/** Collapses spaces and trims; the name is kept to NAME_MAX characters (core/names.ts). */
export function cleanName(raw: string): string {
  return clipName(raw.replace(/\s+/g, " ").trimStart());
}

interface ProfileActions {
  setName(name: string): void;
  setAvatar(avatar: Avatar): void;
  setPhoto(photo: string | null): boolean;
}

export type ProfileStore = readonly [Store<Profile>, ProfileActions];

const KEY = "profile.v1";

export function createProfile(kv: KeyValue): ProfileStore {
  const [state, setState] = createStore<{ -readonly [K in keyof Profile]: Profile[K] }>(
    parseProfile(readJson(kv, KEY)),
  );
  const save = (): boolean => writeJson(kv, KEY, makeProfile(state));
  return [
    state,
    {
      setName(name) {
        setState("name", cleanName(name));
        save();
      },
      setAvatar(avatar) {
        setState({ avatar, photo: null });
        save();
      },
      setPhoto(photo) {
        if (photo !== null && (!photo.startsWith("data:image/") || photo.length > MAX_AVATAR_PHOTO_CHARS)) return false;
        setState("photo", photo);
        return save();
      },
    },
  ];
}

/** The name to show for the device's player. */
export function displayName(p: Profile): string {
  return p.name.trim() === "" ? t("common.you") : p.name.trim();
}

export const ProfileContext = makeStoreContext<ProfileStore>("useProfile");
export const useProfile = ProfileContext.use;
