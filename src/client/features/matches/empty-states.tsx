import { Coffee, History } from "lucide-react";

function EmptyState({
  icon: Icon,
  title,
  text,
}: {
  icon: typeof Coffee;
  title: string;
  text: string;
}) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-amber-100 text-coffee-800">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="text-base font-semibold text-coffee-900">{title}</h3>
      <p className="max-w-sm text-sm text-coffee-700">{text}</p>
    </div>
  );
}

export function NoCurrentMatch() {
  return (
    <EmptyState
      icon={Coffee}
      title="No Current Match"
      text="You'll be paired with a colleague in the next monthly matching cycle."
    />
  );
}

export function NoMatchHistory() {
  return (
    <EmptyState
      icon={History}
      title="No Match History"
      text="Your completed coffee chats will appear here."
    />
  );
}
