import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";
import type { Route } from "~/routes/+types/account";
import { AccountLoading } from "./AccountLoading";
import { TabHeading } from "./TabHeading";

/** A tab's information as the loader streams it: the value, or the news that it failed. */
export type Loaded<T> = { ok: true; value: T } | { ok: false };

type AccountContent = Route.ComponentProps["loaderData"]["content"];

/** What the account page's loader sends for the open tab `Tab`. */
export type TabContent<Tab extends AccountContent["tab"]> = Extract<AccountContent, { tab: Tab }>;

/** A tab's information once it arrived and could be read. */
export type LoadedValue<Sent> = Awaited<Sent> extends Loaded<infer Value> ? Value : never;

export function LoadError({ children }: { children: string }) {
  return (
    <p
      role="alert"
      className="mt-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-semibold text-red-900"
    >
      {children}
    </p>
  );
}

/** A tab's information, complete in a whole page, or still on its way after a navigation. */
export type Deferred<T> = Loaded<T> | Promise<Loaded<T>>;

/**
 * 'Loading your account information' until the tab's information arrives, then the tab, or
 * the tab's error text when it could not be loaded.
 */
export function TabData<T>({
  resolve,
  errorText,
  children,
}: {
  resolve: Deferred<T>;
  errorText: string;
  children: (value: T) => ReactNode;
}) {
  const show = (loaded: Loaded<T>) =>
    loaded.ok ? children(loaded.value) : <LoadError>{errorText}</LoadError>;
  if (!(resolve instanceof Promise)) return show(resolve);
  return (
    <Suspense fallback={<AccountLoading />}>
      <Await resolve={resolve}>{show}</Await>
    </Suspense>
  );
}

/** A tab: its heading and introduction, then its information as `TabData` shows it. */
export function LoadedTab<T>({
  id,
  title,
  intro,
  ...data
}: {
  id: string;
  title: string;
  intro: string;
  resolve: Deferred<T>;
  errorText: string;
  children: (value: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <TabHeading id={id} title={title}>
        {intro}
      </TabHeading>
      <TabData {...data} />
    </section>
  );
}
