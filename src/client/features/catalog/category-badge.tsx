import { categoryOf } from '../../../contracts/categories'
import { Badge } from '../../ui/badge'

export function CategoryBadge({ slug, className }: { slug: string; className?: string }) {
  const category = categoryOf(slug)
  return (
    <Badge tone="purple" className={className}>
      <span aria-hidden="true">{category.emoji}</span>
      <span className="truncate">{category.label}</span>
    </Badge>
  )
}
