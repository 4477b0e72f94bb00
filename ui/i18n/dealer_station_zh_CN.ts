<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>engine</name>
    <message>
        <source>Open betting for the next round</source>
        <translation>开始下一局投注</translation>
    </message>
    <message>
        <source>Round void ({cause}): stakes returned. Open the next round</source>
        <translation>本局作废（{cause}）：注码已退还。开始下一局</translation>
    </message>
    <message>
        <source>HALTED - {what}</source>
        <translation>已停止 - {what}</translation>
    </message>
    <message>
        <source>Place your bets, then call No more bets</source>
        <translation>请下注，然后宣布停止下注</translation>
    </message>
    <message>
        <source>No more bets - waiting for a verified deck</source>
        <translation>停止下注 - 等待验牌完成</translation>
    </message>
    <message>
        <source>Deal by hand, face down: two to each seat, two to the dealer, five to the board; then Cards dealt</source>
        <translation>手工发牌，牌面朝下：每位两张、庄家两张、公共牌五张；然后按“已发牌”</translation>
    </message>
    <message>
        <source>Dealing</source>
        <translation>发牌中</translation>
    </message>
    <message>
        <source>Reading shoe, {order}: 2 to each seat, 2 to the dealer, 5 to the board</source>
        <translation>读牌牌靴（{order}）：每个座位两张，庄家两张，公共牌五张</translation>
    </message>
    <message>
        <source>one card at a time around the table</source>
        <translation>绕桌每次一张</translation>
    </message>
    <message>
        <source>two cards at a time</source>
        <translation>每次两张</translation>
    </message>
    <message>
        <source>{street} decision: seat {seat}</source>
        <translation>{street}决定：{seat}号位</translation>
    </message>
    <message>
        <source>Reveal the {what}: {how}{target}</source>
        <translation>揭示{what}：{how}{target}</translation>
    </message>
    <message>
        <source> ({position} card {number})</source>
        <translation>（{position}第{number}张）</translation>
    </message>
    <message>
        <source>pass the cards over the reader</source>
        <translation>将牌划过读牌器</translation>
    </message>
    <message>
        <source>key each card</source>
        <translation>逐张输入</translation>
    </message>
    <message>
        <source>turn the cards over</source>
        <translation>翻开牌</translation>
    </message>
    <message>
        <source>dealer&apos;s hand</source>
        <translation>庄家的牌</translation>
    </message>
    <message>
        <source>players&apos; hands</source>
        <translation>玩家的牌</translation>
    </message>
    <message>
        <source>Settle seat {seat} (right to left)</source>
        <translation>结算{seat}号位（由右至左）</translation>
    </message>
    <message>
        <source>Settled</source>
        <translation>已结算</translation>
    </message>
    <message>
        <source>STOPPED - {reason}</source>
        <translation>已停止 - {reason}</translation>
    </message>
    <message>
        <source>Open betting for the next round. The journal&apos;s disk is getting full: tell a supervisor</source>
        <translation>开始下一局投注。日志磁盘即将写满：请通知主管</translation>
    </message>
    <message>
        <source>STOPPED - the journal&apos;s disk is nearly full: no round opens until a technician frees space</source>
        <translation>已停止 - 日志磁盘几乎已满：技术人员释放空间之前不能开新局</translation>
    </message>
    <message>
        <source>Call a supervisor</source>
        <translation>请呼叫主管</translation>
    </message>
    <message>
        <source>Jackpot: call a supervisor to verify it</source>
        <translation>头奖：请主管核实</translation>
    </message>
    <message>
        <source>Waiting for the {device} to reconnect; call a supervisor if it does not</source>
        <translation>等待{device}重新连接；若无法连接请呼叫主管</translation>
    </message>
    <message>
        <source>Key the card in from what you read on its face</source>
        <translation>按牌面输入该牌</translation>
    </message>
    <message>
        <source>The reader read nothing: pass the card over it again, or key it</source>
        <translation>读牌器未读到：请再刷一次牌，或手动输入</translation>
    </message>
    <message>
        <source>{place} was not read in {seconds} s</source>
        <translation>{place}在{seconds}秒内未读到</translation>
    </message>
    <message>
        <source>Pool closed: no link</source>
        <translation>彩池已关闭：无连接</translation>
    </message>
    <message>
        <source>Jackpot pending verification at table {table}: {amount}</source>
        <translation>{table} 号桌头奖待核实：{amount}</translation>
    </message>
    <message>
        <source>board</source>
        <translation>公共牌</translation>
    </message>
    <message>
        <source>dealer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <source>burn</source>
        <translation>烧牌</translation>
    </message>
    <message>
        <source>seat {seat}</source>
        <translation>{seat}号位</translation>
    </message>
    <message>
        <source>This table keeps no bank</source>
        <translation>本台不设筹码盘账目</translation>
    </message>
    <message>
        <source>No shift open: count the tray and open one</source>
        <translation>未开班：请点算筹码盘并开班</translation>
    </message>
    <message>
        <source>Shift {shift} open ({day}): dealer {dealer}, supervisor {supervisor}</source>
        <translation>第{shift}班已开（{day}）：荷官 {dealer}，主管 {supervisor}</translation>
    </message>
    <message>
        <source>Shift {shift} ({day}) closed: count the tray and open the next</source>
        <translation>第{shift}班（{day}）已收：请点算筹码盘并开下一班</translation>
    </message>
    <message>
        <source>Opener differs from the last closer by {amount} ({class})</source>
        <translation>开台点码与上次收台相差 {amount}（{class}）</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>note</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>report to security</source>
        <translation>报告保安部</translation>
    </message>
    <message>
        <source>report to the regulator</source>
        <translation>报告监管机构</translation>
    </message>
    <message>
        <source>No shift is open: open one with its opener first</source>
        <translation>未开班：请先以开台点码开班</translation>
    </message>
    <message>
        <source>Sign the dealer in first: the dealer and a supervisor count the chips</source>
        <translation>请先登记荷官：由荷官与主管点算筹码</translation>
    </message>
    <message>
        <source>Not a count of this table&apos;s chips: {problem}</source>
        <translation>不是本台筹码的点算：{problem}</translation>
    </message>
    <message>
        <source>Round {round_id} is still open: a shift opens between rounds</source>
        <translation>{round_id} 局尚未结束：只能在两局之间开班</translation>
    </message>
    <message>
        <source>Round {round_id} is still open: a shift closes between rounds</source>
        <translation>{round_id} 局尚未结束：只能在两局之间收班</translation>
    </message>
    <message>
        <source>Shift {shift} is open: close it first</source>
        <translation>第{shift}班仍开着：请先收班</translation>
    </message>
    <message>
        <source>Slip {slip} is still in flight: receive it or void it first</source>
        <translation>{slip} 单仍在途中：请先接收或作废</translation>
    </message>
    <message>
        <source>Choose a seat from 1 to {seats}</source>
        <translation>请选 1 至 {seats} 号座位</translation>
    </message>
    <message>
        <source>A buy-in is cash or a marker</source>
        <translation>买码只能用现金或借据</translation>
    </message>
    <message>
        <source>Not a buy-in amount: {problem}</source>
        <translation>买码金额无效：{problem}</translation>
    </message>
    <message>
        <source>Not a player id</source>
        <translation>玩家编号无效</translation>
    </message>
    <message>
        <source>A fill or a credit needs at least one chip</source>
        <translation>补码或回码至少要有一枚筹码</translation>
    </message>
    <message>
        <source>No floor numbers slips at this table: no fill or credit can be issued</source>
        <translation>本台没有楼面系统编号单据：不能补码或回码</translation>
    </message>
    <message>
        <source>The floor cannot be reached: no slip issued. Try again when it is back</source>
        <translation>无法连接楼面系统：未出单。恢复后再试</translation>
    </message>
    <message>
        <source>No slip {slip} in this shift</source>
        <translation>本班没有 {slip} 单</translation>
    </message>
    <message>
        <source>Slip {slip} is {state}: only an issued slip is received</source>
        <translation>{slip} 单状态为 {state}：只能接收已出的单</translation>
    </message>
    <message>
        <source>Slip {slip} is {state}: only a slip in flight can be voided</source>
        <translation>{slip} 单状态为 {state}：只能作废在途的单</translation>
    </message>
    <message>
        <source>Slip {slip} refused: the chips counted are not the slip&apos;s. Nothing moved</source>
        <translation>{slip} 单被拒收：点算的筹码与单据不符。未作任何变动</translation>
    </message>
    <message>
        <source>Another supervisor must void it: whoever requested a slip may not void it</source>
        <translation>须由另一位主管作废：申请人不能作废自己的单</translation>
    </message>
    <message>
        <source>Open the shift</source>
        <translation>开班</translation>
    </message>
    <message>
        <source>Close the shift</source>
        <translation>收班</translation>
    </message>
    <message>
        <source>Request a fill</source>
        <translation>申请补码</translation>
    </message>
    <message>
        <source>Request a credit</source>
        <translation>申请回码</translation>
    </message>
    <message>
        <source>Receive a slip</source>
        <translation>接收单据</translation>
    </message>
    <message>
        <source>Void a slip</source>
        <translation>作废单据</translation>
    </message>
    <message>
        <source>Clear the tray alarm</source>
        <translation>清除筹码盘警报</translation>
    </message>
    <message>
        <source>The chips were found (counted again)</source>
        <translation>筹码已找到（已重新清点）</translation>
    </message>
    <message>
        <source>Reported to security</source>
        <translation>已报告保安部</translation>
    </message>
    <message>
        <source>The antenna misread the tray</source>
        <translation>天线误读了筹码盘</translation>
    </message>
    <message>
        <source>TRAY ALARM after round {round}: the tray is {amount} off ({moved}). Call a supervisor</source>
        <translation>筹码盘警报（第 {round} 局后）：筹码盘差额 {amount}（{moved}）。请呼叫主管</translation>
    </message>
    <message>
        <source>There is no tray alarm to clear</source>
        <translation>没有需要清除的筹码盘警报</translation>
    </message>
    <message>
        <source>The tray antenna has not read the tray: count the closer by hand</source>
        <translation>筹码盘天线尚未读取筹码盘：请手工清点收班数</translation>
    </message>
    <message>
        <source>The tray antenna&apos;s last scan is not whole (a column unread or an unknown chip): count the closer by hand</source>
        <translation>筹码盘天线最近一次读取不完整（有列未读或有未知筹码）：请手工清点收班数</translation>
    </message>
    <message>
        <source>The closer given is not the tray the antenna read: confirm the sensed one or count by hand</source>
        <translation>所给收班数与天线读取的筹码盘不符：请确认感应结果或手工清点</translation>
    </message>
    <message>
        <source>Sensed is yes or no</source>
        <translation>感应：是或否</translation>
    </message>
    <message>
        <source>Count the closer (or confirm the tray antenna&apos;s)</source>
        <translation>请清点收班数（或确认天线读取的结果）</translation>
    </message>
    <message>
        <source>Wrong chips on the slip</source>
        <translation>单上筹码有误</translation>
    </message>
    <message>
        <source>Not needed any more</source>
        <translation>已不需要</translation>
    </message>
    <message>
        <source>A buy-in is taken between rounds or while bets are open</source>
        <translation>买码只能在两局之间或下注时进行</translation>
    </message>
    <message>
        <source>A shift opens between rounds</source>
        <translation>只能在两局之间开班</translation>
    </message>
    <message>
        <source>A shift closes between rounds: finish the round first</source>
        <translation>只能在两局之间收班：请先完成本局</translation>
    </message>
    <message>
        <source>shoe</source>
        <translation>发牌机</translation>
    </message>
    <message>
        <source>reader</source>
        <translation>读牌器</translation>
    </message>
    <message>
        <source>reading shoe</source>
        <translation>读牌牌靴</translation>
    </message>
    <message>
        <source>bet sensor</source>
        <translation>筹码感应器</translation>
    </message>
    <message>
        <source>tray antenna</source>
        <translation>筹码盘天线</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>{device} {model} {serial} refused: {reason}. Do not deal; call a supervisor and a technician</source>
        <translation>{device} {model} {serial} 被拒绝：{reason}。请勿发牌；请呼叫主管和技术员</translation>
    </message>
    <message>
        <source>Do not deal; call a supervisor and a technician</source>
        <translation>请勿发牌；请呼叫主管和技术员</translation>
    </message>
    <message>
        <source>The {device} {model} {serial} was refused: {reason}</source>
        <translation>{device} {model} {serial} 已被拒绝：{reason}</translation>
    </message>
    <message>
        <source>refused: {reason}</source>
        <translation>被拒绝：{reason}</translation>
    </message>
    <message>
        <source>unauthenticated</source>
        <translation>未认证</translation>
    </message>
    <message>
        <source>any program approved</source>
        <translation>接受任何程序</translation>
    </message>
    <message>
        <source>wrong key</source>
        <translation>密钥错误</translation>
    </message>
    <message>
        <source>program not approved</source>
        <translation>程序未获批准</translation>
    </message>
    <message>
        <source>another unit on its port</source>
        <translation>端口上换了另一台设备</translation>
    </message>
    <message>
        <source>serial not enrolled</source>
        <translation>序列号未登记</translation>
    </message>
    <message>
        <source>enrolment revoked</source>
        <translation>登记已撤销</translation>
    </message>
    <message>
        <source>Accept the unit now on its port: it replaces the one that stood there</source>
        <translation>接受此端口上的设备：它取代原来的设备</translation>
    </message>
    <message>
        <source>Accept the unit</source>
        <translation>接受设备</translation>
    </message>
    <message>
        <source>Unit checked by the supervisor</source>
        <translation>主管已核实设备</translation>
    </message>
    <message>
        <source>Shoe jam</source>
        <translation>发牌机卡牌</translation>
    </message>
    <message>
        <source>Shoe misfeed</source>
        <translation>发牌机送牌错误</translation>
    </message>
    <message>
        <source>Shoe door open</source>
        <translation>发牌机门打开</translation>
    </message>
    <message>
        <source>Device error</source>
        <translation>设备错误</translation>
    </message>
    <message>
        <source>Reading shoe alarm</source>
        <translation>读牌牌靴报警</translation>
    </message>
    <message>
        <source>Card unreadable</source>
        <translation>无法读牌</translation>
    </message>
    <message>
        <source>No read from the reader</source>
        <translation>读牌器没有读到牌</translation>
    </message>
    <message>
        <source>Deck check failed</source>
        <translation>验牌失败</translation>
    </message>
    <message>
        <source>Device power cycled</source>
        <translation>设备断电重启</translation>
    </message>
    <message>
        <source>Device link lost</source>
        <translation>设备连接中断</translation>
    </message>
    <message>
        <source>Device link errors</source>
        <translation>设备连接错误</translation>
    </message>
    <message>
        <source>Card dealt twice</source>
        <translation>同一张牌发出两次</translation>
    </message>
    <message>
        <source>Unexpected card</source>
        <translation>多余的牌</translation>
    </message>
    <message>
        <source>Card missing</source>
        <translation>缺牌</translation>
    </message>
    <message>
        <source>Misdeal alarm: reader and shoe disagree</source>
        <translation>误发警报：读牌器与发牌机不一致</translation>
    </message>
    <message>
        <source>Station restarted mid-deal</source>
        <translation>发牌中系统重启</translation>
    </message>
    <message>
        <source>Jackpot hit: verification needed</source>
        <translation>中头奖：需要核实</translation>
    </message>
    <message>
        <source>Pool award waits for the progressive controller</source>
        <translation>彩池奖金等待累积奖控制器</translation>
    </message>
    <message>
        <source>Station error</source>
        <translation>系统错误</translation>
    </message>
    <message>
        <source>Supervisor decision</source>
        <translation>主管决定</translation>
    </message>
    <message>
        <source>Device refused</source>
        <translation>设备被拒绝</translation>
    </message>
    <message>
        <source>Reading shoe warning</source>
        <translation>读牌牌靴警告</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>a card is jammed in the feed</source>
        <translation>有牌卡在出牌通道</translation>
    </message>
    <message>
        <source>a card did not feed</source>
        <translation>有牌未能送出</translation>
    </message>
    <message>
        <source>its door is open</source>
        <translation>机门已打开</translation>
    </message>
    <message>
        <source>an internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <source>a card it could not read</source>
        <translation>一张无法读取的牌</translation>
    </message>
    <message>
        <source>the deck count is wrong</source>
        <translation>牌数不对</translation>
    </message>
    <message>
        <source>it was switched off and on again</source>
        <translation>设备曾断电重启</translation>
    </message>
    <message>
        <source>its link is lost</source>
        <translation>连接已中断</translation>
    </message>
    <message>
        <source>too many transmission errors</source>
        <translation>传输错误过多</translation>
    </message>
    <message>
        <source>an alarm ({code})</source>
        <translation>报警（{code}）</translation>
    </message>
    <message>
        <source>a fault</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>Void the round: every stake returned</source>
        <translation>作废本局：退还所有注码</translation>
    </message>
    <message>
        <source>Clear the fault: no card exposed, the deal goes on</source>
        <translation>清除故障：未有牌曝光，继续发牌</translation>
    </message>
    <message>
        <source>Accept the dealt card: the round goes on</source>
        <translation>接受已发的牌：本局继续</translation>
    </message>
    <message>
        <source>Verify the jackpot: the hit is paid</source>
        <translation>核实头奖：派彩</translation>
    </message>
    <message>
        <source>Resume the round</source>
        <translation>恢复本局</translation>
    </message>
    <message>
        <source>Show every card of this round (dispute)</source>
        <translation>显示本局所有牌（争议）</translation>
    </message>
    <message>
        <source>The card is {card} as dealt: go on</source>
        <translation>牌是发出的 {card}：继续</translation>
    </message>
    <message>
        <source>Void the round</source>
        <translation>作废本局</translation>
    </message>
    <message>
        <source>Clear the fault: the deal goes on</source>
        <translation>清除故障：继续发牌</translation>
    </message>
    <message>
        <source>Jackpot: seat {seat}, {hand} {cards}, {percent}% of the meter = {amount}</source>
        <translation>头奖：{seat}号位，{hand} {cards}，奖池的 {percent}% = {amount}</translation>
    </message>
    <message>
        <source>Jackpot: seat {seat}, {hand} {cards}: meter at the hit {meter} × {percent}% = {amount}</source>
        <translation>头奖：{seat}号位，{hand} {cards}：中奖时奖池 {meter} × {percent}% = {amount}</translation>
    </message>
    <message>
        <source>The shoe dealt {expected} as {place}; the reader read {read}</source>
        <translation>发牌机发出 {expected}（{place}）；读牌器读到 {read}</translation>
    </message>
    <message>
        <source>{place} could not be read: key it in from its face</source>
        <translation>{place}无法读取：请按牌面输入</translation>
    </message>
    <message>
        <source>The {device} does not answer: {reason}</source>
        <translation>{device}无响应：{reason}</translation>
    </message>
    <message>
        <source>Deck check: {count} cards; missing {missing}; extra {extra}; twice {duplicates}</source>
        <translation>验牌：{count} 张；缺少 {missing}；多出 {extra}；重复 {duplicates}</translation>
    </message>
    <message>
        <source>The deck is short: {cards} missing</source>
        <translation>牌不齐：缺{cards}</translation>
    </message>
    <message>
        <source>{cards} twice in the deck</source>
        <translation>{cards}重复出现</translation>
    </message>
    <message>
        <source>{cards} not of this deck</source>
        <translation>{cards}不属于这副牌</translation>
    </message>
    <message>
        <source>The deck has {count} cards, not 52</source>
        <translation>这副牌有{count}张，不是52张</translation>
    </message>
    <message>
        <source>Find the missing card or change the deck, then Re-check the deck; the bets stay</source>
        <translation>找回缺牌或更换整副牌，然后按“重新验牌”；注码保留</translation>
    </message>
    <message>
        <source>The {device} reports: {text}</source>
        <translation>{device}报告：{text}</translation>
    </message>
    <message>
        <source>The station could not carry out a step; the round waits for a supervisor</source>
        <translation>系统未能完成一个步骤；本局等待主管处理</translation>
    </message>
    <message>
        <source>{position} card {number}</source>
        <translation>{position}第{number}张牌</translation>
    </message>
    <message>
        <source>Jam cleared, no card exposed</source>
        <translation>卡牌已排除，未有牌曝光</translation>
    </message>
    <message>
        <source>Door closed, no card exposed</source>
        <translation>门已关闭，未有牌曝光</translation>
    </message>
    <message>
        <source>Device checked and restarted</source>
        <translation>设备已检查并重启</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>误发</translation>
    </message>
    <message>
        <source>Card exposed during the deal</source>
        <translation>发牌时有牌曝光</translation>
    </message>
    <message>
        <source>Device fault</source>
        <translation>设备故障</translation>
    </message>
    <message>
        <source>Player dispute</source>
        <translation>玩家争议</translation>
    </message>
    <message>
        <source>Card checked: the dealt card stands</source>
        <translation>已核对：已发的牌有效</translation>
    </message>
    <message>
        <source>Hand checked against the cards on the table</source>
        <translation>已按桌面牌核对牌型</translation>
    </message>
    <message>
        <source>Checked: the round can go on</source>
        <translation>已核对：本局可继续</translation>
    </message>
    <message>
        <source>Game protection review</source>
        <translation>游戏保护检查</translation>
    </message>
    <message>
        <source>{spot} {amount} is above the table maximum {limit}</source>
        <translation>{spot} {amount} 高于本桌上限 {limit}</translation>
    </message>
    <message>
        <source>{spot} {amount} is below the table minimum {limit}</source>
        <translation>{spot} {amount} 低于本桌下限 {limit}</translation>
    </message>
    <message>
        <source>{spot} must equal the {other} ({amount})</source>
        <translation>{spot}必须等于{other}（{amount}）</translation>
    </message>
    <message>
        <source>{spot} is always {amount} at this table</source>
        <translation>本桌{spot}固定为 {amount}</translation>
    </message>
    <message>
        <source>Pool closed: no link to the progressive controller</source>
        <translation>彩池已关闭：未连接累积奖控制器</translation>
    </message>
    <message>
        <source>Place the {spot} first</source>
        <translation>请先下{spot}</translation>
    </message>
    <message>
        <source>Badge or PIN not accepted</source>
        <translation>工牌或密码不被接受</translation>
    </message>
    <message>
        <source>Refused: {problem}</source>
        <translation>已拒绝：{problem}</translation>
    </message>
    <message>
        <source>Seat {seat}: a card of another casino: refused</source>
        <translation>{seat}号位：其他赌场的卡：已拒绝</translation>
    </message>
    <message>
        <source>A card was read at the table&apos;s reader: tap Players and choose the seat first</source>
        <translation>牌桌读卡器读到一张卡：请先点“玩家”并选择座位</translation>
    </message>
    <message>
        <source>Seat {seat}: the card was not read whole: swipe it again</source>
        <translation>{seat}号位：卡未完整读取：请重新刷卡</translation>
    </message>
    <message>
        <source>This player is already carded in at seat {seat}</source>
        <translation>该玩家已在{seat}号位入座</translation>
    </message>
    <message>
        <source>Card refused: this player is on the exclusion list (list as of {since}); call a supervisor</source>
        <translation>卡被拒绝：该玩家在禁入名单上（名单日期 {since}）；请呼叫主管</translation>
    </message>
    <message>
        <source>Seat {seat} has a player carded in: card them out first</source>
        <translation>{seat}号位已有玩家入座：请先办理离座</translation>
    </message>
    <message>
        <source>No player is carded in at seat {seat}</source>
        <translation>{seat}号位没有已识别的玩家</translation>
    </message>
    <message>
        <source>Seat {seat} is held (its player is excluded): no stake is taken; call a supervisor</source>
        <translation>{seat}号位已扣留（玩家被禁入）：不接受投注；请呼叫主管</translation>
    </message>
    <message>
        <source>Winnings withheld at seat {seats} (player excluded): call a supervisor</source>
        <translation>{seats}号位奖金已扣留（玩家被禁入）：请呼叫主管</translation>
    </message>
    <message>
        <source>Settle seat {seat}: collect, pay nothing: {amount} withheld (player excluded)</source>
        <translation>结算{seat}号位：收取，不派彩：扣留 {amount}（玩家被禁入）</translation>
    </message>
    <message>
        <source>No winnings are withheld at that seat</source>
        <translation>该座位没有扣留的奖金</translation>
    </message>
    <message>
        <source>Release the winnings withheld: pay them to the player</source>
        <translation>发还扣留的奖金：派给玩家</translation>
    </message>
    <message>
        <source>Forfeit the winnings withheld: the player is not paid</source>
        <translation>没收扣留的奖金：不派给玩家</translation>
    </message>
    <message>
        <source>Player listed in error</source>
        <translation>玩家被误列入名单</translation>
    </message>
    <message>
        <source>Exclusion confirmed</source>
        <translation>禁入已确认</translation>
    </message>
    <message>
        <source>Correct a settled round: pay or collect per seat</source>
        <translation>更正已结算的一局：按座位派彩或收取</translation>
    </message>
    <message>
        <source>Correct a card keyed wrong, before the settlement</source>
        <translation>在结算前更正输错的牌</translation>
    </message>
    <message>
        <source>Payout counted wrong at the table</source>
        <translation>桌上派彩点错</translation>
    </message>
    <message>
        <source>A card was keyed wrong</source>
        <translation>有一张牌输错</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: unknown chip {chip}: remove it, or a supervisor accepts it</source>
        <translation>{seat}号位 {spot}：未知筹码 {chip}：请移走，或由主管接受</translation>
    </message>
    <message>
        <source>{spot}: antenna down, key the stake</source>
        <translation>{spot}：天线故障，请手动输入注码</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: unknown chip: remove it, or a supervisor accepts it</source>
        <translation>{seat}号位 {spot}：未知筹码：请移走，或由主管接受</translation>
    </message>
    <message>
        <source>{spot}: short {amount}</source>
        <translation>{spot}：少 {amount}</translation>
    </message>
    <message>
        <source>{spot}: over {amount}</source>
        <translation>{spot}：多 {amount}</translation>
    </message>
    <message>
        <source>{spot}: losing bet not collected</source>
        <translation>{spot}：输注未收</translation>
    </message>
    <message>
        <source>take {amount} back from {spot}</source>
        <translation>从{spot}收回{amount}</translation>
    </message>
    <message>
        <source>add {amount} to {spot}</source>
        <translation>在{spot}补{amount}</translation>
    </message>
    <message>
        <source>collect {spot} {amount}</source>
        <translation>收走{spot} {amount}</translation>
    </message>
    <message>
        <source>Seat {seat}: {fixes}</source>
        <translation>{seat}号位：{fixes}</translation>
    </message>
    <message>
        <source>Past-posting: chips added after no more bets</source>
        <translation>补注：停止下注后加了筹码</translation>
    </message>
    <message>
        <source>Pinching: chips taken after no more bets</source>
        <translation>偷注：停止下注后拿走筹码</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: locked {locked}, the sensor sees {seen}. Put the locked chips back to restore the stake, or void the round</source>
        <translation>{seat}号位 {spot}：锁定 {locked}，感应器现见 {seen}。放回锁定的筹码以恢复注码，或作废本局</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: the locked {locked} is back on the spot. Restore the stake, or void the round</source>
        <translation>{seat}号位 {spot}：锁定的 {locked} 已放回。恢复注码，或作废本局</translation>
    </message>
    <message>
        <source>Restore the stake: the locked chips are back, the round goes on</source>
        <translation>恢复注码：锁定的筹码已放回，本局继续</translation>
    </message>
    <message>
        <source>Restore the stake</source>
        <translation>恢复注码</translation>
    </message>
    <message>
        <source>Accept the unknown chip: it counts this round</source>
        <translation>接受未知筹码：本局有效</translation>
    </message>
    <message>
        <source>Accept chip {chip} on seat {seat} {spot} at {amount}</source>
        <translation>接受{seat}号位 {spot} 的筹码 {chip}，面值 {amount}</translation>
    </message>
    <message>
        <source>Pay the seat although the chips do not match</source>
        <translation>筹码不符仍赔付本位</translation>
    </message>
    <message>
        <source>Seat {seat}: pay although {problems}</source>
        <translation>{seat}号位：尽管 {problems}，仍赔付</translation>
    </message>
    <message>
        <source>Chips put back as locked</source>
        <translation>筹码已按锁定放回</translation>
    </message>
    <message>
        <source>Player warned, stake as locked</source>
        <translation>已警告玩家，注码按锁定</translation>
    </message>
    <message>
        <source>Chip of a sister casino, checked</source>
        <translation>姊妹娱乐场筹码，已核实</translation>
    </message>
    <message>
        <source>Chip checked by the supervisor</source>
        <translation>主管已核实筹码</translation>
    </message>
    <message>
        <source>Payout counted by hand: it is right</source>
        <translation>人工点算赔付：正确</translation>
    </message>
    <message>
        <source>Antenna misread the chips</source>
        <translation>天线误读筹码</translation>
    </message>
    <message>
        <source>Cloned chip: one chip id on more than one spot</source>
        <translation>克隆筹码：同一筹码编号出现在多个投注区</translation>
    </message>
    <message>
        <source>Chip {chip} is seen on more than one spot (seats {seats}). Take the cloned tags off, then a supervisor resolves it, or void the round</source>
        <translation>筹码 {chip} 出现在多个投注区（{seats}号位）。请移走克隆标签，再由主管处理，或作废本局</translation>
    </message>
    <message>
        <source>Chip {chip} was seen on more than one spot (seats {seats}); each id lies on one spot now. A supervisor resolves it, or voids the round</source>
        <translation>筹码 {chip} 曾出现在多个投注区（{seats}号位）；现在每个编号只在一个投注区。由主管处理，或作废本局</translation>
    </message>
    <message>
        <source>Resolve the cloned chip: the clones are off the layout</source>
        <translation>处理克隆筹码：克隆标签已移离台面</translation>
    </message>
    <message>
        <source>Resolve the clone</source>
        <translation>处理克隆</translation>
    </message>
    <message>
        <source>Cloned tags taken off the layout</source>
        <translation>克隆标签已移离台面</translation>
    </message>
    <message>
        <source>Every chip on the layout checked</source>
        <translation>已检查台面上的每个筹码</translation>
    </message>
    <message>
        <source>Round {number} opened</source>
        <translation>第{number}局开始</translation>
    </message>
    <message>
        <source>No more bets</source>
        <translation>停止下注</translation>
    </message>
    <message>
        <source>Cards dealt</source>
        <translation>已发牌</translation>
    </message>
    <message>
        <source>{place}: {card}</source>
        <translation>{place}：{card}</translation>
    </message>
    <message>
        <source>Seat {seat}: {action}</source>
        <translation>{seat}号位：{action}</translation>
    </message>
    <message>
        <source>Seat {seat} mucked</source>
        <translation>{seat}号位弃牌</translation>
    </message>
    <message>
        <source>Halted: {cause}</source>
        <translation>暂停：{cause}</translation>
    </message>
    <message>
        <source>Going on</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Seat {seat} paid</source>
        <translation>{seat}号位已赔付</translation>
    </message>
    <message>
        <source>Seat {seat} paid: undone</source>
        <translation>{seat}号位赔付已撤销</translation>
    </message>
    <message>
        <source>Round closed</source>
        <translation>本局结束</translation>
    </message>
    <message>
        <source>Void: {cause}</source>
        <translation>作废：{cause}</translation>
    </message>
    <message>
        <source>This round</source>
        <translation>本局</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>限注</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Seat at least two players with chips, then deal the next hand</source>
        <translation>请至少安排两位有筹码的玩家入座，然后发下一手牌</translation>
    </message>
    <message>
        <source>Deal the next hand</source>
        <translation>发下一手牌</translation>
    </message>
    <message>
        <source>Hand over: deal the next hand</source>
        <translation>本手结束：发下一手牌</translation>
    </message>
    <message>
        <source>Hand void ({cause}): every chip put in goes back</source>
        <translation>本手作废（{cause}）：退还所有投入的筹码</translation>
    </message>
    <message>
        <source>Waiting for the shoe&apos;s verified deck</source>
        <translation>等待发牌机验证牌组</translation>
    </message>
    <message>
        <source>Deal two cards to each seat from the button&apos;s left</source>
        <translation>从庄位左侧起，每个座位发两张牌</translation>
    </message>
    <message>
        <source>Deal two cards to each seat from the button&apos;s left, then Cards dealt</source>
        <translation>从庄位左侧起每个座位发两张牌，然后按“已发牌”</translation>
    </message>
    <message>
        <source>Deal the {street}: burn one, {count} to the board</source>
        <translation>发{street}：烧一张，公共牌发 {count} 张</translation>
    </message>
    <message>
        <source>Deal from the reading shoe, {order}: two cards to each seat from the button&apos;s left</source>
        <translation>从读牌牌靴发牌（{order}）：从庄位左侧起，每个座位两张</translation>
    </message>
    <message>
        <source>Deal the {street}: burn one, {count} to the board, then {how}</source>
        <translation>发{street}：烧一张，公共牌发 {count} 张，然后{how}</translation>
    </message>
    <message>
        <source>{street}: seat {seat} to act ({options})</source>
        <translation>{street}：{seat}号位行动（{options}）</translation>
    </message>
    <message>
        <source>Showdown: seat {seat} shows or mucks</source>
        <translation>摊牌：{seat}号位亮牌或弃牌</translation>
    </message>
    <message>
        <source>Showdown: read seat {seat}&apos;s shown hand, or muck it</source>
        <translation>摊牌：读取{seat}号位亮出的牌，或弃牌</translation>
    </message>
    <message>
        <source>Showdown: key seat {seat}&apos;s shown cards, or muck them</source>
        <translation>摊牌：输入{seat}号位亮出的牌，或弃牌</translation>
    </message>
    <message>
        <source>Push the pots to the winners, drop the rake, then Pots pushed</source>
        <translation>把底池推给赢家，抽水入箱，然后按“底池已推”</translation>
    </message>
    <message>
        <source>flop</source>
        <translation>翻牌</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>转牌</translation>
    </message>
    <message>
        <source>river</source>
        <translation>河牌</translation>
    </message>
    <message>
        <source>Pre-flop</source>
        <translation>翻牌前</translation>
    </message>
    <message>
        <source>Flop</source>
        <translation>翻牌圈</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>转牌圈</translation>
    </message>
    <message>
        <source>River</source>
        <translation>河牌圈</translation>
    </message>
    <message>
        <source>Table closed</source>
        <translation>牌桌关闭</translation>
    </message>
    <message>
        <source>Betting</source>
        <translation>投注中</translation>
    </message>
    <message>
        <source>Shuffling</source>
        <translation>洗牌中</translation>
    </message>
    <message>
        <source>Dealer&apos;s hand revealed</source>
        <translation>庄家牌已揭示</translation>
    </message>
    <message>
        <source>Players&apos; hands revealed</source>
        <translation>玩家牌已揭示</translation>
    </message>
    <message>
        <source>Showdown</source>
        <translation>摊牌</translation>
    </message>
    <message>
        <source>Settlement</source>
        <translation>结算</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>已派彩</translation>
    </message>
    <message>
        <source>Void</source>
        <translation>作废</translation>
    </message>
    <message>
        <source>{street} revealed</source>
        <translation>{street}已揭示</translation>
    </message>
    <message>
        <source>{street} decision</source>
        <translation>{street}决定</translation>
    </message>
    <message>
        <source>Dealing the {street}</source>
        <translation>发{street}</translation>
    </message>
    <message>
        <source>{phase}</source>
        <translation>{phase}</translation>
    </message>
    <message>
        <source>check</source>
        <translation>过牌</translation>
    </message>
    <message>
        <source>call {amount}</source>
        <translation>跟注 {amount}</translation>
    </message>
    <message>
        <source>bet {low}..{high}</source>
        <translation>下注 {low}..{high}</translation>
    </message>
    <message>
        <source>bet {amount}</source>
        <translation>下注 {amount}</translation>
    </message>
    <message>
        <source>raise to {low}..{high}</source>
        <translation>加注到 {low}..{high}</translation>
    </message>
    <message>
        <source>raise to {amount}</source>
        <translation>加注到 {amount}</translation>
    </message>
    <message>
        <source>all in {amount}</source>
        <translation>全下 {amount}</translation>
    </message>
    <message>
        <source>{first}, {second}</source>
        <translation>{first}，{second}</translation>
    </message>
    <message>
        <source>No raise: the stack only covers a call</source>
        <translation>不能加注：筹码只够跟注</translation>
    </message>
    <message>
        <source>No raise: the betting is capped (a bet and three raises)</source>
        <translation>不能加注：已达上限（一次下注加三次加注）</translation>
    </message>
    <message>
        <source>No raise: no opponent has chips left to call it</source>
        <translation>不能加注：没有对手还有筹码跟注</translation>
    </message>
    <message>
        <source>No raise: an all-in for less than a full raise does not reopen the betting</source>
        <translation>不能加注：不足一次完整加注的全下不重新开放加注</translation>
    </message>
    <message>
        <source>No raise: {why}</source>
        <translation>不能加注：{why}</translation>
    </message>
    <message>
        <source>Seat {seat}: a bet to {amount} is below the minimum bet to {least}</source>
        <translation>{seat}号位：下注 {amount} 低于最低下注 {least}</translation>
    </message>
    <message>
        <source>Seat {seat}: a raise to {amount} is below the minimum raise to {least}</source>
        <translation>{seat}号位：加注到 {amount} 低于最低加注到 {least}</translation>
    </message>
    <message>
        <source>Seat {seat}: {amount} is above the pot limit ({most} at most)</source>
        <translation>{seat}号位：{amount} 超过底池限注（最多 {most}）</translation>
    </message>
    <message>
        <source>Seat {seat}: {amount} is more than the stack (all in is {everything})</source>
        <translation>{seat}号位：{amount} 超过筹码（全下为 {everything}）</translation>
    </message>
    <message>
        <source>Seat {seat}: at fixed limit the only amount is {least}</source>
        <translation>{seat}号位：固定限注下唯一金额为 {least}</translation>
    </message>
    <message>
        <source>Buy-in {amount} is below the table minimum {limit}</source>
        <translation>买入 {amount} 低于本桌下限 {limit}</translation>
    </message>
    <message>
        <source>Buy-in {amount} is above the table maximum {limit}</source>
        <translation>买入 {amount} 高于本桌上限 {limit}</translation>
    </message>
</context>
<context>
    <name>hand</name>
    <message>
        <source>Royal flush</source>
        <translation>皇家同花顺</translation>
    </message>
    <message>
        <source>Straight flush</source>
        <translation>同花顺</translation>
    </message>
    <message>
        <source>Four of a kind</source>
        <translation>四条</translation>
    </message>
    <message>
        <source>Full house</source>
        <translation>葫芦</translation>
    </message>
    <message>
        <source>Flush</source>
        <translation>同花</translation>
    </message>
    <message>
        <source>Straight</source>
        <translation>顺子</translation>
    </message>
    <message>
        <source>Three of a kind</source>
        <translation>三条</translation>
    </message>
    <message>
        <source>Two pair</source>
        <translation>两对</translation>
    </message>
    <message>
        <source>One pair</source>
        <translation>一对</translation>
    </message>
    <message>
        <source>High card</source>
        <translation>高牌</translation>
    </message>
</context>
<context>
    <name>holdem_bonus</name>
    <message>
        <source>Ante</source>
        <translation>底注</translation>
    </message>
    <message>
        <source>Bonus</source>
        <translation>奖励注</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>彩池</translation>
    </message>
    <message>
        <source>Flop</source>
        <translation>翻牌注</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>转牌注</translation>
    </message>
    <message>
        <source>River</source>
        <translation>河牌注</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>弃牌</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>过牌</translation>
    </message>
    <message>
        <source>Pre-flop</source>
        <translation>翻牌前</translation>
    </message>
</context>
<context>
    <name>poker</name>
    <message>
        <source>Seat {seat}</source>
        <translation>{seat}号位</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空位</translation>
    </message>
    <message>
        <source>sitting out</source>
        <translation>暂离</translation>
    </message>
    <message>
        <source>waits for BB</source>
        <translation>等大盲</translation>
    </message>
    <message>
        <source>posts BB</source>
        <translation>补大盲</translation>
    </message>
    <message>
        <source>no chips</source>
        <translation>无筹码</translation>
    </message>
    <message>
        <source>folded</source>
        <translation>已弃牌</translation>
    </message>
    <message>
        <source>mucked</source>
        <translation>已盖牌</translation>
    </message>
    <message>
        <source>ALL IN</source>
        <translation>全下</translation>
    </message>
    <message>
        <source>D</source>
        <translation>庄</translation>
    </message>
    <message>
        <source>SB</source>
        <translation>小盲</translation>
    </message>
    <message>
        <source>BB</source>
        <translation>大盲</translation>
    </message>
    <message>
        <source>POST</source>
        <translation>补盲</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>无限注</translation>
    </message>
    <message>
        <source>Pot limit</source>
        <translation>底池限注</translation>
    </message>
    <message>
        <source>Fixed limit</source>
        <translation>固定限注</translation>
    </message>
    <message>
        <source>{structure} {stakes} · buy-in {buy_in} {currency}</source>
        <translation>{structure} {stakes} · 买入 {buy_in} {currency}</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <source>Main pot: {amount}</source>
        <translation>主池：{amount}</translation>
    </message>
    <message>
        <source>Side pot {number}: {amount}</source>
        <translation>边池 {number}：{amount}</translation>
    </message>
    <message>
        <source>{pot} · seats {seats}</source>
        <translation>{pot} · {seats}号位</translation>
    </message>
    <message>
        <source>seat {seat}: {amount}</source>
        <translation>{seat}号位：{amount}</translation>
    </message>
    <message>
        <source>push {shares}</source>
        <translation>推给 {shares}</translation>
    </message>
    <message>
        <source>rake {amount}</source>
        <translation>抽水 {amount}</translation>
    </message>
    <message>
        <source>{count} pots: {amount}</source>
        <translation>{count} 个底池：{amount}</translation>
    </message>
    <message>
        <source>two</source>
        <translation>2</translation>
    </message>
    <message>
        <source>three</source>
        <translation>3</translation>
    </message>
    <message>
        <source>four</source>
        <translation>4</translation>
    </message>
    <message>
        <source>five</source>
        <translation>5</translation>
    </message>
    <message>
        <source>six</source>
        <translation>6</translation>
    </message>
    <message>
        <source>seven</source>
        <translation>7</translation>
    </message>
    <message>
        <source>eight</source>
        <translation>8</translation>
    </message>
    <message>
        <source>nine</source>
        <translation>9</translation>
    </message>
    <message>
        <source>ten</source>
        <translation>10</translation>
    </message>
    <message>
        <source>jack</source>
        <translation>J</translation>
    </message>
    <message>
        <source>queen</source>
        <translation>Q</translation>
    </message>
    <message>
        <source>king</source>
        <translation>K</translation>
    </message>
    <message>
        <source>ace</source>
        <translation>A</translation>
    </message>
    <message>
        <source>twos</source>
        <translation>2</translation>
    </message>
    <message>
        <source>threes</source>
        <translation>3</translation>
    </message>
    <message>
        <source>fours</source>
        <translation>4</translation>
    </message>
    <message>
        <source>fives</source>
        <translation>5</translation>
    </message>
    <message>
        <source>sixes</source>
        <translation>6</translation>
    </message>
    <message>
        <source>sevens</source>
        <translation>7</translation>
    </message>
    <message>
        <source>eights</source>
        <translation>8</translation>
    </message>
    <message>
        <source>nines</source>
        <translation>9</translation>
    </message>
    <message>
        <source>tens</source>
        <translation>10</translation>
    </message>
    <message>
        <source>jacks</source>
        <translation>J</translation>
    </message>
    <message>
        <source>queens</source>
        <translation>Q</translation>
    </message>
    <message>
        <source>kings</source>
        <translation>K</translation>
    </message>
    <message>
        <source>aces</source>
        <translation>A</translation>
    </message>
    <message>
        <source>{rank}-high</source>
        <translation>{rank}高牌</translation>
    </message>
    <message>
        <source>pair of {ranks}</source>
        <translation>一对{ranks}</translation>
    </message>
    <message>
        <source>{ranks} and {seconds}</source>
        <translation>两对：{ranks}和{seconds}</translation>
    </message>
    <message>
        <source>three {ranks}</source>
        <translation>三条{ranks}</translation>
    </message>
    <message>
        <source>straight to the {rank}</source>
        <translation>到{rank}的顺子</translation>
    </message>
    <message>
        <source>flush, {rank}-high</source>
        <translation>{rank}高同花</translation>
    </message>
    <message>
        <source>{ranks} full of {seconds}</source>
        <translation>{ranks}满{seconds}葫芦</translation>
    </message>
    <message>
        <source>four {ranks}</source>
        <translation>四条{ranks}</translation>
    </message>
    <message>
        <source>straight flush to the {rank}</source>
        <translation>到{rank}的同花顺</translation>
    </message>
    <message>
        <source>royal flush</source>
        <translation>皇家同花顺</translation>
    </message>
    <message>
        <source>Seat {seat}: {cards} {hand}</source>
        <translation>{seat}号位：{cards} {hand}</translation>
    </message>
    <message>
        <source>Rake to drop: {amount}</source>
        <translation>抽水入箱：{amount}</translation>
    </message>
    <message>
        <source>Uncalled {amount} back to seat {seat}</source>
        <translation>未被跟注的 {amount} 退回{seat}号位</translation>
    </message>
    <message>
        <source>Seat {seat} gets back {amount}</source>
        <translation>{seat}号位退回 {amount}</translation>
    </message>
    <message>
        <source>Bets in front: {amount}</source>
        <translation>面前注码：{amount}</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>弃牌</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>过牌</translation>
    </message>
    <message>
        <source>Call {amount}</source>
        <translation>跟注 {amount}</translation>
    </message>
    <message>
        <source>Bet {amount}</source>
        <translation>下注 {amount}</translation>
    </message>
    <message>
        <source>Raise to {amount}</source>
        <translation>加注到 {amount}</translation>
    </message>
    <message>
        <source>All in {amount}</source>
        <translation>全下 {amount}</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>1/2 pot</source>
        <translation>半池</translation>
    </message>
    <message>
        <source>Pot</source>
        <translation>底池</translation>
    </message>
    <message>
        <source>All in</source>
        <translation>全下</translation>
    </message>
    <message>
        <source>Deal next hand</source>
        <translation>发下一手</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>亮牌</translation>
    </message>
    <message>
        <source>Muck</source>
        <translation>盖牌</translation>
    </message>
    <message>
        <source>Pots pushed</source>
        <translation>底池已推</translation>
    </message>
    <message>
        <source>Seat player</source>
        <translation>入座</translation>
    </message>
    <message>
        <source>Add chips</source>
        <translation>加筹码</translation>
    </message>
    <message>
        <source>Sit out</source>
        <translation>暂离</translation>
    </message>
    <message>
        <source>Sit in</source>
        <translation>回座</translation>
    </message>
    <message>
        <source>Cash out</source>
        <translation>离桌兑现</translation>
    </message>
    <message>
        <source>Post a big blind</source>
        <translation>补一个大盲</translation>
    </message>
    <message>
        <source>Keypad</source>
        <translation>键盘</translation>
    </message>
    <message>
        <source>Seat {seat} to act</source>
        <translation>{seat}号位行动</translation>
    </message>
    <message>
        <source>Tap a seat to seat a player or change it</source>
        <translation>点选座位以安排玩家入座或更改</translation>
    </message>
    <message>
        <source>Seat {seat}: {what}</source>
        <translation>{seat}号位：{what}</translation>
    </message>
    <message>
        <source>Seat {seat}: bet ({span})</source>
        <translation>{seat}号位：下注（{span}）</translation>
    </message>
    <message>
        <source>Seat {seat}: raise to ({span})</source>
        <translation>{seat}号位：加注到（{span}）</translation>
    </message>
    <message>
        <source>Seat {seat}: buy-in ({span})</source>
        <translation>{seat}号位：买入（{span}）</translation>
    </message>
    <message>
        <source>Seat {seat}: chips to add ({span})</source>
        <translation>{seat}号位：加筹码（{span}）</translation>
    </message>
</context>
<context>
    <name>result</name>
    <message>
        <source>Win</source>
        <translation>赢</translation>
    </message>
    <message>
        <source>Lose</source>
        <translation>输</translation>
    </message>
    <message>
        <source>Tie</source>
        <translation>和局</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>弃牌</translation>
    </message>
</context>
<context>
    <name>screen</name>
    <message>
        <source>NO MORE BETS</source>
        <translation>停止下注</translation>
    </message>
    <message>
        <source>Correct round {number}: pay (+) or collect (-) per seat</source>
        <translation>更正第{number}局：按座位派彩 (+) 或收取 (-)</translation>
    </message>
    <message>
        <source>Pay +</source>
        <translation>派彩 +</translation>
    </message>
    <message>
        <source>Collect -</source>
        <translation>收取 -</translation>
    </message>
    <message>
        <source>Next: badge and PIN</source>
        <translation>下一步：工牌和 PIN</translation>
    </message>
    <message>
        <source>Seat {seat}</source>
        <translation>{seat}号位</translation>
    </message>
    <message>
        <source>Settle seat {seat} now, before seat {shown}?</source>
        <translation>现在结算{seat}号位，先于{shown}号位？</translation>
    </message>
    <message>
        <source>Stay on seat {seat}</source>
        <translation>继续结算{seat}号位</translation>
    </message>
    <message>
        <source>Settle seat {seat} now</source>
        <translation>现在结算{seat}号位</translation>
    </message>
    <message>
        <source>{count} more below</source>
        <translation>另有{count}项见下方</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: chip {chip} counts for</source>
        <translation>{seat}号位 {spot}：筹码 {chip} 面值</translation>
    </message>
    <message>
        <source>Counts for {amount}</source>
        <translation>面值 {amount}</translation>
    </message>
    <message>
        <source>collect now</source>
        <translation>立即收走</translation>
    </message>
    <message>
        <source>All: {action}</source>
        <translation>全部：{action}</translation>
    </message>
    <message>
        <source>Undo seat {seat}</source>
        <translation>撤销{seat}号位</translation>
    </message>
    <message>
        <source>Clear seat {seat}</source>
        <translation>清空{seat}号位</translation>
    </message>
    <message>
        <source>Tap again: seat {seat} is the last, the round closes</source>
        <translation>再按一次：{seat}号位是最后一位，本局结束</translation>
    </message>
    <message>
        <source>Seat {seat}: the chips do not match yet</source>
        <translation>{seat}号位：筹码尚不相符</translation>
    </message>
    <message>
        <source>Undo paid seat {seat}</source>
        <translation>撤回{seat}号位的“已付”</translation>
    </message>
    <message>
        <source>Amount...</source>
        <translation>金额…</translation>
    </message>
    <message>
        <source>No more bets</source>
        <translation>停止下注</translation>
    </message>
    <message>
        <source>Same as last round: {bets}</source>
        <translation>同上一局：{bets}</translation>
    </message>
    <message>
        <source>Same as last round</source>
        <translation>同上一局</translation>
    </message>
    <message>
        <source>Seat {seat}: {spot}</source>
        <translation>{seat}号位：{spot}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>pay</source>
        <translation>派彩</translation>
    </message>
    <message>
        <source>collect</source>
        <translation>收取</translation>
    </message>
    <message>
        <source>push</source>
        <translation>退回</translation>
    </message>
    <message>
        <source>Key the card</source>
        <translation>输入该牌</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>主管</translation>
    </message>
    <message>
        <source>Seat {seat}: {amount}</source>
        <translation>{seat}号位：{amount}</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一项</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Badge</source>
        <translation>工牌</translation>
    </message>
    <message>
        <source>PIN</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>Reason: pick one</source>
        <translation>原因：请选择</translation>
    </message>
    <message>
        <source>{denomination} is not a chip of this tray</source>
        <translation>{denomination} 不是本筹码盘的筹码</translation>
    </message>
    <message>
        <source>{denomination}: a count is a whole number of chips, not {text}</source>
        <translation>{denomination}：数量须为整数枚，不是 {text}</translation>
    </message>
    <message>
        <source>{denomination}: {number} chips is more than any tray holds</source>
        <translation>{denomination}：{number} 枚超出任何筹码盘的容量</translation>
    </message>
    <message>
        <source>Total: {amount}</source>
        <translation>合计：{amount}</translation>
    </message>
    <message>
        <source>Key at least one chip</source>
        <translation>请至少输入一枚筹码</translation>
    </message>
    <message>
        <source>Bank</source>
        <translation>筹码盘</translation>
    </message>
    <message>
        <source>Buy-in: seat</source>
        <translation>买码：座位</translation>
    </message>
    <message>
        <source>Other...</source>
        <translation>其他...</translation>
    </message>
    <message>
        <source>Cash</source>
        <translation>现金</translation>
    </message>
    <message>
        <source>Marker</source>
        <translation>借据</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>补码</translation>
    </message>
    <message>
        <source>Credit</source>
        <translation>回码</translation>
    </message>
    <message>
        <source>Receive slip</source>
        <translation>接收单据</translation>
    </message>
    <message>
        <source>Void slip</source>
        <translation>作废单据</translation>
    </message>
    <message>
        <source>Clear tray alarm</source>
        <translation>清除筹码盘警报</translation>
    </message>
    <message>
        <source>Tray should hold {amount}</source>
        <translation>筹码盘应有 {amount}</translation>
    </message>
    <message>
        <source>buy-ins {amount} ({count})</source>
        <translation>买码 {amount}（{count} 笔）</translation>
    </message>
    <message>
        <source>win so far {amount}</source>
        <translation>目前赢 {amount}</translation>
    </message>
    <message>
        <source>In flight: {slips}</source>
        <translation>在途：{slips}</translation>
    </message>
    <message>
        <source>Close shift</source>
        <translation>收班</translation>
    </message>
    <message>
        <source>Open shift</source>
        <translation>开班</translation>
    </message>
    <message>
        <source>Buy-in {amount} at seat {seat}</source>
        <translation>{seat} 号座位买码 {amount}</translation>
    </message>
    <message>
        <source>Buy-in: seat and amount</source>
        <translation>买码：座位与金额</translation>
    </message>
    <message>
        <source>fill</source>
        <translation>补码</translation>
    </message>
    <message>
        <source>credit</source>
        <translation>回码</translation>
    </message>
    <message>
        <source>Buy-in amount</source>
        <translation>买码金额</translation>
    </message>
    <message>
        <source>Buy-in {amount}</source>
        <translation>买码 {amount}</translation>
    </message>
    <message>
        <source>The tray the antenna read: confirm the closer</source>
        <translation>天线读取的筹码盘：请确认收班数</translation>
    </message>
    <message>
        <source>Count the tray: closer</source>
        <translation>点算筹码盘：收台</translation>
    </message>
    <message>
        <source>Count the tray: opener</source>
        <translation>点算筹码盘：开台</translation>
    </message>
    <message>
        <source>Chips for the fill</source>
        <translation>补码的筹码</translation>
    </message>
    <message>
        <source>Chips for the credit</source>
        <translation>回码的筹码</translation>
    </message>
    <message>
        <source>{count} chips, {amount}</source>
        <translation>{count} 枚，{amount}</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>已点算</translation>
    </message>
    <message>
        <source>{slip}: counted {amount}</source>
        <translation>{slip}：点算 {amount}</translation>
    </message>
    <message>
        <source>Count the chips of {slip}</source>
        <translation>点算 {slip} 的筹码</translation>
    </message>
    <message>
        <source>Receive which slip?</source>
        <translation>接收哪张单？</translation>
    </message>
    <message>
        <source>Void which slip?</source>
        <translation>作废哪张单？</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>Hole cards</source>
        <translation>底牌</translation>
    </message>
    <message>
        <source>Bets</source>
        <translation>投注</translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>决定</translation>
    </message>
    <message>
        <source>Settlement</source>
        <translation>结算</translation>
    </message>
    <message>
        <source>VOID</source>
        <translation>作废</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>操作人</translation>
    </message>
    <message>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Timeline of {round}</source>
        <translation>{round} 时间线</translation>
    </message>
    <message>
        <source>This table has no progressive.</source>
        <translation>本桌没有累积奖池。</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>溢出</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置值</translation>
    </message>
    <message>
        <source>Hits</source>
        <translation>中奖次数</translation>
    </message>
    <message>
        <source>Contributed</source>
        <translation>累计投入</translation>
    </message>
    <message>
        <source>Awarded</source>
        <translation>已派发</translation>
    </message>
    <message>
        <source>Seeded</source>
        <translation>庄家补充</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>牌局</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>牌型</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Verified by</source>
        <translation>核实人</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>回看</translation>
    </message>
    <message>
        <source>Find round</source>
        <translation>查找牌局</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Jackpot</source>
        <translation>头奖</translation>
    </message>
    <message>
        <source>Reading the journal...</source>
        <translation>正在读取日志...</translation>
    </message>
    <message>
        <source>No finished round yet.</source>
        <translation>尚无已结束的牌局。</translation>
    </message>
    <message>
        <source>Find round: its number</source>
        <translation>查找牌局：输入局号</translation>
    </message>
    <message>
        <source>No finished round {number}</source>
        <translation>没有已结束的第{number}局</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>supervisor {badge}</source>
        <translation>主管 {badge}</translation>
    </message>
    <message>
        <source>the station</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>breakage {amount}</source>
        <translation>尾数 {amount}</translation>
    </message>
    <message>
        <source>Table total to players: {what}</source>
        <translation>全桌对玩家合计：{what}</translation>
    </message>
    <message>
        <source>Round {number} void: {cause}</source>
        <translation>第{number}局作废：{cause}</translation>
    </message>
    <message>
        <source>Voided by {who} at {time}</source>
        <translation>由{who}于 {time} 作废</translation>
    </message>
    <message>
        <source>Collect {spots}</source>
        <translation>收取 {spots}</translation>
    </message>
    <message>
        <source>Collect {amount}: {spots}</source>
        <translation>收取 {amount}：{spots}</translation>
    </message>
    <message>
        <source>Pay {spot} {amount}</source>
        <translation>赔付 {spot} {amount}</translation>
    </message>
    <message>
        <source>Push {spots}: the stake stays</source>
        <translation>和局 {spots}：注码留在桌上</translation>
    </message>
    <message>
        <source>Jackpot {amount}: paid from the progressive, not the rack</source>
        <translation>头奖 {amount}：由累积奖池支付，不从筹码架</translation>
    </message>
    <message>
        <source>Withheld {amount}: do not pay, a supervisor decides</source>
        <translation>扣留 {amount}：不要派彩，由主管决定</translation>
    </message>
    <message>
        <source>collected {amount}</source>
        <translation>已收 {amount}</translation>
    </message>
    <message>
        <source>withheld {amount}</source>
        <translation>扣留 {amount}</translation>
    </message>
    <message>
        <source>paid {amount}</source>
        <translation>已付 {amount}</translation>
    </message>
    <message>
        <source>jackpot {amount}</source>
        <translation>头奖 {amount}</translation>
    </message>
    <message>
        <source>collect {amount}</source>
        <translation>收取 {amount}</translation>
    </message>
    <message>
        <source>pay {amount}</source>
        <translation>赔付 {amount}</translation>
    </message>
    <message>
        <source>, then </source>
        <translation>，然后</translation>
    </message>
    <message>
        <source>push: the stakes stay</source>
        <translation>和局：注码留在桌上</translation>
    </message>
    <message>
        <source>{spot} cleared</source>
        <translation>{spot} 已收</translation>
    </message>
    <message>
        <source>{spot} {amount} stays</source>
        <translation>{spot} {amount} 留在桌上</translation>
    </message>
    <message>
        <source>{spot}: {amount} on the spot</source>
        <translation>{spot}：位上 {amount}</translation>
    </message>
    <message>
        <source>Collect {spot} {amount}</source>
        <translation>收取 {spot} {amount}</translation>
    </message>
    <message>
        <source>Pay {spot} {amount} → {due}</source>
        <translation>赔付 {spot} {amount} → {due}</translation>
    </message>
    <message>
        <source>({seen} → {due})</source>
        <translation>（{seen} → {due}）</translation>
    </message>
    <message>
        <source>keyed</source>
        <translation>手动输入</translation>
    </message>
    <message>
        <source>sensor {amount}</source>
        <translation>感应 {amount}</translation>
    </message>
    <message>
        <source>Net {amount}</source>
        <translation>净额 {amount}</translation>
    </message>
    <message>
        <source>Every stake returned</source>
        <translation>已退还所有注码</translation>
    </message>
    <message>
        <source>Seat {seat} done: {what}</source>
        <translation>{seat}号位已结算：{what}</translation>
    </message>
    <message>
        <source>Settle seat {seat}: {what}</source>
        <translation>结算{seat}号位：{what}</translation>
    </message>
    <message>
        <source>(out of order: seat {seat} next)</source>
        <translation>（不按顺序：下一位是{seat}号位）</translation>
    </message>
    <message>
        <source>Open betting</source>
        <translation>开始投注</translation>
    </message>
    <message>
        <source>Cards dealt</source>
        <translation>已发牌</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>揭牌</translation>
    </message>
    <message>
        <source>Key card</source>
        <translation>输入牌</translation>
    </message>
    <message>
        <source>Re-check the deck</source>
        <translation>重新验牌</translation>
    </message>
    <message>
        <source>Training: pass the card</source>
        <translation>练习：刷牌给读牌器</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Key the card: {position} card {number}</source>
        <translation>输入该牌：{position}第{number}张</translation>
    </message>
    <message>
        <source>Seat {seat}, round {round}: {amount} withheld</source>
        <translation>{seat}号位，第{round}局：扣留 {amount}</translation>
    </message>
    <message>
        <source>Correct {place} (now {card})</source>
        <translation>更正{place}（现为 {card}）</translation>
    </message>
    <message>
        <source>{place}: {was} becomes {card}</source>
        <translation>{place}：{was} 改为 {card}</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Seat {seat}: card in (then swipe the card)</source>
        <translation>{seat}号位：玩家入座（然后刷卡）</translation>
    </message>
    <message>
        <source>Seat {seat}: key an id</source>
        <translation>{seat}号位：输入编号</translation>
    </message>
    <message>
        <source>Seat {seat} {player}: card out</source>
        <translation>{seat}号位 {player}：玩家离座</translation>
    </message>
    <message>
        <source>Seat {seat}: resume</source>
        <translation>{seat}号位：继续</translation>
    </message>
    <message>
        <source>Seat {seat}: pause</source>
        <translation>{seat}号位：暂停</translation>
    </message>
    <message>
        <source>Swipe the player&apos;s card now: seat {seat}</source>
        <translation>现在请刷玩家卡：{seat}号位</translation>
    </message>
    <message>
        <source>Badge {badge}: {count} failed attempt(s) since its last sign-in</source>
        <translation>工牌 {badge}：自上次登录以来有 {count} 次失败尝试</translation>
    </message>
    <message>
        <source>Every card of round {number} (supervisor)</source>
        <translation>第{number}局所有牌（主管）</translation>
    </message>
    <message>
        <source>Close the station? The table stops taking bets.</source>
        <translation>关闭系统？本桌将停止接受投注。</translation>
    </message>
    <message>
        <source>Keep running</source>
        <translation>继续运行</translation>
    </message>
    <message>
        <source>Close the station</source>
        <translation>关闭系统</translation>
    </message>
    <message>
        <source>Shift: mispays {mispays} ({amount}) · losing bets left {left} · past-posts {past} · pinches {pinch} · counterfeits {fake} · overrides {overrides}</source>
        <translation>本班：赔错 {mispays} ({amount}) · 输注未收 {left} · 补注 {past} · 偷注 {pinch} · 假筹码 {fake} · 主管放行 {overrides}</translation>
    </message>
    <message>
        <source>seat {seat} {player}</source>
        <translation>{seat}号位 {player}</translation>
    </message>
    <message>
        <source>held: call a supervisor</source>
        <translation>已扣留：请呼叫主管</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>暂停中</translation>
    </message>
    <message>
        <source>exclusion list of {since}</source>
        <translation>禁入名单（{since}）</translation>
    </message>
    <message>
        <source>no exclusion list received</source>
        <translation>未收到禁入名单</translation>
    </message>
    <message>
        <source>Players: {players}</source>
        <translation>玩家：{players}</translation>
    </message>
    <message>
        <source>nobody carded in</source>
        <translation>无已识别玩家</translation>
    </message>
    <message>
        <source>Round {number}</source>
        <translation>第{number}局</translation>
    </message>
    <message>
        <source>Shift: rounds {rounds} · table win {result}</source>
        <translation>本班：{rounds}局 · 本桌盈亏 {result}</translation>
    </message>
    <message>
        <source>Shoe</source>
        <translation>发牌机</translation>
    </message>
    <message>
        <source>Reader</source>
        <translation>读牌器</translation>
    </message>
    <message>
        <source>Deck</source>
        <translation>牌组</translation>
    </message>
    <message>
        <source>Bet sensor</source>
        <translation>感应器</translation>
    </message>
    <message>
        <source>{amount} pending verification</source>
        <translation>{amount} 待核实</translation>
    </message>
    <message>
        <source>JACKPOT</source>
        <translation>头奖</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>公共牌</translation>
    </message>
    <message>
        <source>qualifies</source>
        <translation>合格</translation>
    </message>
    <message>
        <source>does not qualify</source>
        <translation>不合格</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>{position} card {number}</source>
        <translation>{position}第{number}张牌</translation>
    </message>
    <message>
        <source>Correct a card: tap the card keyed wrong</source>
        <translation>更正一张牌：点选输错的牌</translation>
    </message>
    <message>
        <source>Tap again: {action}</source>
        <translation>再按一次：{action}</translation>
    </message>
    <message>
        <source>Key the id printed on the player&apos;s card</source>
        <translation>输入玩家卡上印的编号</translation>
    </message>
    <message>
        <source>A player id starts with a letter or a digit</source>
        <translation>玩家编号以字母或数字开头</translation>
    </message>
    <message>
        <source>Seat {seat}: key the player&apos;s id</source>
        <translation>{seat}号位：输入玩家编号</translation>
    </message>
    <message>
        <source>Leave anonymous</source>
        <translation>保持匿名</translation>
    </message>
    <message>
        <source>Card in</source>
        <translation>玩家入座</translation>
    </message>
</context>
<context>
    <name>uth</name>
    <message>
        <source>Ante</source>
        <translation>底注</translation>
    </message>
    <message>
        <source>Blind</source>
        <translation>盲注</translation>
    </message>
    <message>
        <source>Trips</source>
        <translation>三条注</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>加注</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>过牌</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>弃牌</translation>
    </message>
    <message>
        <source>Play 4x</source>
        <translation>加注4倍</translation>
    </message>
    <message>
        <source>Play 3x</source>
        <translation>加注3倍</translation>
    </message>
    <message>
        <source>Play 2x</source>
        <translation>加注2倍</translation>
    </message>
    <message>
        <source>Play 1x</source>
        <translation>加注1倍</translation>
    </message>
    <message>
        <source>Pre-flop</source>
        <translation>翻牌前</translation>
    </message>
    <message>
        <source>Flop</source>
        <translation>翻牌</translation>
    </message>
    <message>
        <source>River</source>
        <translation>河牌</translation>
    </message>
</context>
</TS>
