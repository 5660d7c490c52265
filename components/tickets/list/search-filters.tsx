"use client";

import { Search, Tag, Users } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Input } from "@/components/ui/input";
import { api } from "@/lib/api/client";
import { MultiSelect, type Option } from "./multi-select";

type Props = {
  text: string;
  onText: (text: string) => void;
  tagIds: number[];
  onTags: (ids: number[]) => void;
  userIds: number[];
  onUsers: (ids: number[]) => void;
  /** spec core §6: the user filter is for admins */
  showUsers: boolean;
};

/** The search tab's filters (spec core §2): text over name, number and messages; tags; users. */
export function SearchFilters({ text, onText, tagIds, onTags, userIds, onUsers, showUsers }: Props) {
  const t = useTranslations("tickets.list.search");
  const [tags, setTags] = useState<Option[]>([]);
  const [users, setUsers] = useState<Option[]>([]);

  useEffect(() => {
    let live = true;
    api<Option[]>("/api/tags/list")
      .then((rows) => live && setTags(rows.map(({ id, name, color }) => ({ id, name, color }))))
      .catch(() => {});
    if (showUsers) {
      api<Option[]>("/api/users/list")
        .then((rows) => live && setUsers(rows.map(({ id, name }) => ({ id, name }))))
        .catch(() => {});
    }
    return () => {
      live = false;
    };
  }, [showUsers]);

  const summary = (ids: number[], all: string, many: string) => (ids.length ? t(many, { count: ids.length }) : all);

  return (
    <div className="space-y-2">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          autoFocus
          value={text}
          onChange={(e) => onText(e.target.value)}
          placeholder={t("placeholder")}
          aria-label={t("placeholder")}
          className="h-9 pl-9"
          data-testid="tickets-search"
        />
      </div>
      <div className="flex gap-2">
        <MultiSelect
          label={t("tags")}
          icon={<Tag aria-hidden />}
          options={tags}
          selected={tagIds}
          onChange={onTags}
          summary={summary(tagIds, t("allTags"), "tagsChosen")}
          emptyText={t("noTags")}
          testId="tickets-filter-tags"
          className="flex-1"
        />
        {showUsers && (
          <MultiSelect
            label={t("users")}
            icon={<Users aria-hidden />}
            options={users}
            selected={userIds}
            onChange={onUsers}
            summary={summary(userIds, t("allUsers"), "usersChosen")}
            emptyText={t("noUsers")}
            testId="tickets-filter-users"
            className="flex-1"
          />
        )}
      </div>
    </div>
  );
}
